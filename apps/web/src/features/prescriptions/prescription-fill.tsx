import { fillMessage, appMessages, scanMessages } from '@farmacia/contract';
import { useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { Button } from '../../components/ui/button';
import { showToast } from '../../components/ui/toast';
import { isEmptyFill, type PrescriptionFill } from '../../lib/scan-results';
import { useSaveFiscalCode } from '../../lib/fiscal-codes-api';
import './prescription-fill.css';

const M = scanMessages;

/** The fields a fill sets in the form. */
export interface FillTarget {
  setNre(nre: string): void;
  setFiscalCode(code: string): void;
}

/**
 * Applies what a message or a memo gave to the 'Inserisci ricetta' form (issue 20): the NRE, the
 * fiscal code when it is one of the customer's; a fiscal code that is not is offered for adding
 * (the usual validation, by the server), and the message's other NREs are kept for the notices.
 */
export function usePrescriptionFill(target: FillTarget) {
  const [pending, setPending] = useState<PrescriptionFill | null>(null);
  const apply = (fill: PrescriptionFill, nothingMessage: string) => {
    if (isEmptyFill(fill)) {
      showToast(nothingMessage, { tone: 'warning' });
      return;
    }
    const parts: string[] = [];
    if (fill.nre) {
      target.setNre(fill.nre);
      parts.push(fillMessage(M.filledNre, { nre: fill.nre }));
    }
    if (fill.fiscalCode?.own) {
      target.setFiscalCode(fill.fiscalCode.code);
      parts.push(fillMessage(M.filledFiscalCode, { code: fill.fiscalCode.code }));
    }
    if (parts.length > 0) showToast(fillMessage(M.filled, { fields: parts.join(', ') }), { tone: 'success' });
    setPending(fill);
  };
  return { apply, pending, clearFiscalCode: () => setPending((p) => (p ? { ...p, fiscalCode: undefined } : p)) } as const;
}

/** The notices after a fill: a fiscal code to add, the message's other prescriptions. */
export function FillNotices({
  fill,
  onFiscalCodeAdded,
  onOtherNre,
}: {
  fill: PrescriptionFill | null;
  onFiscalCodeAdded: (code: string) => void;
  onOtherNre: (nre: string) => void;
}) {
  const save = useSaveFiscalCode(undefined);
  const foreign = fill?.fiscalCode && !fill.fiscalCode.own ? fill.fiscalCode.code : undefined;
  const add = (code: string) =>
    save.mutate(
      { codice_fiscale: code },
      {
        onSuccess: (saved) => {
          showToast(fillMessage(M.fiscalCodeAdded, { code: saved.codice_fiscale }), { tone: 'success' });
          onFiscalCodeAdded(saved.codice_fiscale);
        },
        onError: (error) =>
          showToast((isApiError(error) && (error.fieldMessage('codice_fiscale') ?? error.message)) || appMessages.genericError, { tone: 'warning' }),
      },
    );
  return (
    <>
      {foreign ? (
        <div className="notice notice--info" role="status">
          <p>{fillMessage(M.fiscalCodeNotOwn, { code: foreign })}</p>
          <Button variant="secondary" busy={save.isPending} onClick={() => add(foreign)}>
            {fillMessage(M.fiscalCodeAdd, { code: foreign })}
          </Button>
        </div>
      ) : null}
      {fill && fill.otherNres.length > 0 ? (
        <div className="notice notice--info" role="status">
          <p>{M.otherNres}</p>
          <ul>
            {fill.otherNres.map((nre) => (
              <li key={nre}>
                <Button variant="secondary" onClick={() => onOtherNre(nre)}>
                  {fillMessage(M.otherNre, { nre })}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
