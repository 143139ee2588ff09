import { catalogueMessages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { Loader } from '../../components/ui/loader';
import { PdfFrame } from '../../components/pdf-frame';
import { optionQueryOptions } from '../../lib/shop-api';

/**
 * /app/shift 'Turni' (spec §2 Shifts): the on-duty shifts PDF in a frame when the option `turni`
 * is set, otherwise 'Al momento non ci sono turni disponibili.'.
 */
export function ShiftsScreen() {
  const turni = useQuery(optionQueryOptions('turni'));
  return (
    <div className="page shifts">
      <h1>{catalogueMessages.shiftsTitle}</h1>
      {turni.isPending ? <Loader /> : turni.data ? (
        <PdfFrame src={turni.data} title={catalogueMessages.shiftsTitle} />
      ) : (
        <p className="notice notice--info">{catalogueMessages.noShifts}</p>
      )}
    </div>
  );
}
