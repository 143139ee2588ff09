import { fillMessage, type FiscalCode, messages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiError } from '../../app/api-client';
import { Button } from '../../components/ui/button';
import { Loader } from '../../components/ui/loader';
import { Modal } from '../../components/ui/modal';
import { showToast } from '../../components/ui/toast';
import { fiscalCodesQueryOptions, useDeleteFiscalCode } from './fiscal-codes-api';
import '../cart/cart.css';

const routeApi = getRouteApi('/_app/_private/app/fiscalcodes');

function FiscalCodeItem({ code, highlighted, onDelete }: { code: FiscalCode; highlighted: boolean; onDelete: (code: FiscalCode) => void }) {
  return (
    <li className={highlighted ? 'cart-item cart-item--highlight' : 'cart-item'}>
      <div className="cart-item__text">
        <span className="fiscal-code-row">
          <span className="cart-item__title fiscal-code">{code.codice_fiscale}</span>
          {code.main ? <span className="badge badge--neutral">{messages.fiscalCode.main}</span> : null}
        </span>
        {code.main ? <span className="cart-item__detail">{messages.fiscalCode.mainHint}</span> : null}
        {code.system ? <span className="cart-item__detail">{messages.fiscalCode.systemHint}</span> : null}
      </div>
      <div className="cart-item__actions">
        {code.system ? null : (
          <Link to="/app/fiscalcode/$id" params={{ id: code.id }} className="button button--link">
            {messages.cart.edit}
            <span className="visually-hidden"> {code.codice_fiscale}</span>
          </Link>
        )}
        {code.main || code.system ? null : (
          <Button variant="link" onClick={() => onDelete(code)}>
            {messages.fiscalCode.delete}
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
  const [deleting, setDeleting] = useState<FiscalCode | null>(null);
  const highlighted = Number(search.fiscalcode);

  const onConfirm = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        showToast(messages.fiscalCode.deleted, { tone: 'success' });
      },
      onError: (error) => {
        setDeleting(null);
        // 409 for the main code carries the spec §6 text; anything else is the spec's generic toast.
        showToast(isApiError(error) && error.status === 409 ? error.message : messages.fiscalCode.problem, { tone: 'warning', duration: 3000 });
      },
    });
  };

  return (
    <div className="page fiscal-codes">
      <h1>{messages.fiscalCode.listTitle}</h1>
      <p className="catalogue__lead">{messages.fiscalCode.intro}</p>
      {query.isPending ? (
        <Loader />
      ) : query.isError ? (
        <p className="notice">{messages.app.loadFailed}</p>
      ) : (
        <ul className="cart-items">
          {query.data.map((code) => (
            <FiscalCodeItem key={code.id} code={code} highlighted={code.id === highlighted} onDelete={setDeleting} />
          ))}
        </ul>
      )}
      <Link to="/app/fiscalcode" className="button button--primary button--block">
        {messages.fiscalCode.add}
      </Link>
      <Modal
        open={deleting !== null}
        title={messages.fiscalCode.deleteTitle}
        onClose={() => setDeleting(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              {messages.cart.cancel}
            </Button>
            <Button variant="danger" busy={remove.isPending} onClick={onConfirm}>
              {messages.fiscalCode.delete}
            </Button>
          </>
        }
      >
        <p>{fillMessage(messages.fiscalCode.deleteText, { code: deleting?.codice_fiscale ?? '' })}</p>
      </Modal>
    </div>
  );
}
