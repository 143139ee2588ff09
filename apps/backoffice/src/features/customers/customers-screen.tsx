import {
  type AdminCustomer,
  AdminCustomerListResponseSchema,
  countText,
  CUSTOMER_REASON_MIN_LENGTH,
  CustomerHistoryResponseSchema,
  isCustomerSearchable,
  messages,
  consoleMessages,
  fillMessage,
} from '@farmacia/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError, api } from '../../lib/api';
import { formatDateTime, formatDay, formatEuro } from '../../app/format';
import { errorLink, QueryError } from '../../components/feedback';
import { LinkButton } from '../../components/link-button';
import { STATUS_LABEL } from '../../lib/order-status';
import { useSearchText } from '../../lib/use-search-text';

/**
 * Customers of the shop: look one up by name, email, phone or fiscal code; their orders and
 * bookings open only after a reason, which the server records with who and when.
 */
export function CustomersScreen() {
  const { text, setText, q } = useSearchText();
  const [selected, setSelected] = useState<AdminCustomer | null>(null);
  const list = useQuery({
    queryKey: ['admin-customers', q],
    enabled: isCustomerSearchable(q),
    queryFn: () => api('GET', `/admin/customers?q=${encodeURIComponent(q)}`, AdminCustomerListResponseSchema),
  });
  return (
    <section aria-labelledby="customers-title">
      <h1 id="customers-title">{consoleMessages.layout.nav.customers}</h1>
      <label>
        {consoleMessages.customers.search}
        <input type="search" value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <QueryError query={list} />
      {list.isSuccess && list.data.data.length === 0 ? <p>{consoleMessages.common.noCustomerFound}</p> : null}
      <ul className="cards" aria-label={consoleMessages.common.customersFound}>
        {list.data?.data.map((c) => (
          <li key={c.id}>
            <strong>{c.name}</strong> · {c.email} {c.phone_number ? `· ${c.phone_number}` : ''} {c.codici_fiscali.length > 0 ? `· ${c.codici_fiscali.join(', ')}` : ''}{' '}
            <LinkButton hint={fillMessage(consoleMessages.common.ofName, { name: c.name })} onClick={() => setSelected(c)}>
              {consoleMessages.customers.history}
            </LinkButton>
          </li>
        ))}
      </ul>
      {selected ? <CustomerHistoryPanel key={selected.id} customer={selected} /> : null}
    </section>
  );
}

function CustomerHistoryPanel({ customer }: { customer: AdminCustomer }) {
  const [reason, setReason] = useState('');
  const open = useMutation({
    mutationFn: () => api('POST', `/admin/customers/${customer.id}/history`, CustomerHistoryResponseSchema, { reason }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    open.mutate();
  };
  const reasonError = open.error instanceof ApiError ? open.error.field('reason') : undefined;
  const history = open.data?.data;
  return (
    <section aria-labelledby="history-title" className="card wide">
      <h2 id="history-title">{customer.name}</h2>
      {!history ? (
        <form onSubmit={submit} noValidate>
          <p>{consoleMessages.customers.reasonIntro}</p>
          <label>
            {consoleMessages.customers.accessReason}
            <input
              type="text"
              value={reason}
              minLength={CUSTOMER_REASON_MIN_LENGTH}
              {...errorLink(reasonError, 'reason-error')}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          {reasonError ? (
            <span className="field-error" id="reason-error">
              {reasonError}
            </span>
          ) : open.isError ? (
            <p className="error" role="alert">
              {open.error.message}
            </p>
          ) : null}
          <button type="submit" disabled={open.isPending}>
            {consoleMessages.customers.openHistory}
          </button>
        </form>
      ) : (
        <>
          <HistoryList title={consoleMessages.common.orders} empty={consoleMessages.customers.noOrders} rows={history.orders}>
            {(o) => (
              <>
                <Link to="/ordini/$id" params={{ id: o.id }}>
                  {fillMessage(consoleMessages.customers.orderNumber, { id: o.id })}
                </Link>{' '}
                · {formatDateTime(o.created_at)} · {STATUS_LABEL[o.status]} · {formatEuro(o.total)} · {countText(messages.counts.pieces, o.totalQuantity)}
                {o.prescriptions > 0 ? ` · ${countText(messages.counts.prescriptions, o.prescriptions)}` : ''}
              </>
            )}
          </HistoryList>
          <HistoryList title={consoleMessages.common.reservations} empty={consoleMessages.customers.noReservations} rows={history.reservations}>
            {(r) => (
              <>
                {fillMessage(consoleMessages.customers.reservationLine, {
                  day: formatDay(r.day),
                  time: r.start_appointment,
                  service: r.service,
                  status: r.status === 'booked' ? consoleMessages.customers.booked : consoleMessages.customers.cancelled,
                })}
              </>
            )}
          </HistoryList>
        </>
      )}
    </section>
  );
}

/** One kind of the customer's history (orders, bookings) under its heading: what to say when there is none, then a card a row. */
function HistoryList<R extends { id: number }>({ title, empty, rows, children }: { title: string; empty: string; rows: readonly R[]; children: (row: R) => ReactNode }) {
  return (
    <>
      <h3>{title}</h3>
      {rows.length === 0 ? <p>{empty}</p> : null}
      <ul className="cards">
        {rows.map((row) => (
          <li key={row.id}>{children(row)}</li>
        ))}
      </ul>
    </>
  );
}
