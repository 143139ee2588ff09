import { fillMessage, type FiscalCode, cartMessages, fiscalCodeMessages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { isApiError } from '../../lib/api-client';
import { DeletableList } from '../../components/deletable-list';
import { Button } from '../../components/ui/button';
import { fiscalCodesQueryOptions, useDeleteFiscalCode } from '../../lib/fiscal-codes-api';

const routeApi = getRouteApi('/_app/_private/app/fiscalcodes');

function FiscalCodeItem({ code, highlighted, onDelete }: { code: FiscalCode; highlighted: boolean; onDelete: (code: FiscalCode) => void }) {
  return (
    <li className={highlighted ? 'cart-item cart-item--highlight' : 'cart-item'}>
      <div className="cart-item__text">
        <span className="fiscal-code-row">
          <span className="cart-item__title fiscal-code">{code.codice_fiscale}</span>
          {code.main ? <span className="badge badge--neutral">{fiscalCodeMessages.main}</span> : null}
        </span>
        {code.main ? <span className="cart-item__detail">{fiscalCodeMessages.mainHint}</span> : null}
        {code.system ? <span className="cart-item__detail">{fiscalCodeMessages.systemHint}</span> : null}
      </div>
      <div className="cart-item__actions">
        {code.system ? null : (
          <Link to="/app/fiscalcode/$id" params={{ id: code.id }} className="button button--link">
            {cartMessages.edit}
            <span className="visually-hidden"> {code.codice_fiscale}</span>
          </Link>
        )}
        {code.main || code.system ? null : (
          <Button variant="link" onClick={() => onDelete(code)}>
            {fiscalCodeMessages.delete}
            <span className="visually-hidden"> {code.codice_fiscale}</span>
          </Button>
        )}
      </div>
    </li>
  );
}

/** /app/fiscalcodes (spec §2): the customer's fiscal codes; the main one cannot be deleted (spec §6). */
export function FiscalCodesScreen() {
  const search = routeApi.useSearch();
  const query = useQuery(fiscalCodesQueryOptions);
  const remove = useDeleteFiscalCode();
  const highlighted = Number(search.fiscalcode);

  return (
    <DeletableList
      className="fiscal-codes"
      title={fiscalCodeMessages.listTitle}
      intro={fiscalCodeMessages.intro}
      query={query}
      items={query.data ?? []}
      renderItem={(code, askDelete) => <FiscalCodeItem key={code.id} code={code} highlighted={code.id === highlighted} onDelete={askDelete} />}
      add={
        <Link to="/app/fiscalcode" className="button button--primary button--block">
          {fiscalCodeMessages.add}
        </Link>
      }
      deletion={{
        title: fiscalCodeMessages.deleteTitle,
        text: (code) => fillMessage(fiscalCodeMessages.deleteText, { code: code.codice_fiscale }),
        confirmLabel: fiscalCodeMessages.delete,
        busy: remove.isPending,
        remove: (code) => remove.mutateAsync(code.id),
        deleted: fiscalCodeMessages.deleted,
        // 409 for the main code carries the spec §6 text; anything else is the spec's generic toast.
        failed: (error) => ({ text: isApiError(error) && error.status === 409 ? error.message : fiscalCodeMessages.problem, duration: 3000 }),
      }}
    />
  );
}
