import {
  type AdminOrderDetail,
  AdminOrderResponseSchema,
  allowedMoves,
  type FinalOrderLine,
  isSearchable,
  type PharmacistOrderMove,
  messages,
  PAYMENT_TYPE_LABELS,
  SearchResponseSchema,
  consoleMessages,
  fillMessage,
} from '@farmacia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { ApiError, api } from '../../lib/api';
import { contactLine, formatDateTime, formatDay, formatEuro, labelOf } from '../../app/format';
import { LinkButton } from '../../components/link-button';
import { GridTable } from '../../components/grid-table';
import { ErrorLine } from '../../components/feedback';
import { PrivateFile } from './private-file';
import { RefundsPanel } from './refunds-panel';
import { WithdrawalPanel } from './withdrawal-panel';
import { UnlistedLinePicker } from './unlisted-line';
import { adminOrderQueryOptions } from './orders-api';
import { STATUS_LABEL } from '../../lib/order-status';

/** The buttons of the simple moves (`finalize` is the proposal form below). */
type Move = Exclude<PharmacistOrderMove, 'finalize'>;

const MOVE_LABEL: Record<Move, string> = {
  'take-charge': consoleMessages.orders.moves.takeCharge,
  reopen: consoleMessages.orders.moves.reopen,
  process: consoleMessages.orders.moves.process,
  ship: consoleMessages.orders.moves.ship,
  complete: consoleMessages.orders.moves.complete,
  cancel: consoleMessages.orders.moves.cancel,
};

export function OrderScreen() {
  const { id } = useParams({ from: '/staff/ordini/$id' });
  const queryClient = useQueryClient();
  const order = useQuery(adminOrderQueryOptions(id));
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const move = useMutation({
    mutationFn: (m: Move) => api('POST', `/admin/orders/${id}/${m}`, AdminOrderResponseSchema, {}),
    onMutate: () => {
      setError(null);
      setDone(null);
    },
    onSuccess: (res) => {
      queryClient.setQueryData(['order', id], res);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['order-counts'] });
      setDone(fillMessage(consoleMessages.orders.statusUpdated, { status: STATUS_LABEL[res.data.status] }));
    },
    onError: (e) => setError(e.message),
  });

  if (order.isPending) return <p aria-live="polite">{messages.staffAlerts.loading}</p>;
  if (order.isError) {
    return (
      <p className="error" role="alert">
        {order.error instanceof ApiError && order.error.status === 404 ? messages.orders.notFound : order.error.message}
      </p>
    );
  }
  const o = order.data.data;
  // The contract's rule, the same the server applies: what is shown here is exactly what it accepts.
  const allowed = allowedMoves(o, 'pharmacist');
  const moves = allowed.filter((m): m is Move => m !== 'finalize');

  return (
    <article aria-labelledby="order-title">
      <p>
        <Link to="/ordini">{consoleMessages.orders.backToQueue}</Link>
      </p>
      <h1 id="order-title">
        {fillMessage(consoleMessages.common.orderNumber, { id: o.id })} <span className="status">{STATUS_LABEL[o.status]}</span>
      </h1>
      <dl className="facts">
        <dt>{consoleMessages.common.customer}</dt>
        <dd>{contactLine(o.customer)}</dd>
        <dt>{consoleMessages.orders.received}</dt>
        <dd>{formatDateTime(o.created_at)}</dd>
        <dt>{consoleMessages.common.delivery}</dt>
        <dd>
          {o.shippingMethod?.label ?? (o.delivery_type ? labelOf(messages.backofficeLabels.deliveryTypes, o.delivery_type) : '—')}
          {o.address ? ` · ${[o.address.address_1, o.address.address_2, o.address.city].filter(Boolean).join(', ')}` : ''}
        </dd>
        <dt>{consoleMessages.orders.payment}</dt>
        <dd>
          {o.paymentType ? labelOf(PAYMENT_TYPE_LABELS, o.paymentType) : '—'}
          {o.payment.valid === 1 ? ` · ${messages.backofficeLabels.paid}` : ''}
        </dd>
        <dt>{messages.saleRules.receiptFiscalCode}</dt>
        <dd>{o.receipt_fiscal_code ?? '—'}</dd>
        {o.note ? (
          <>
            <dt>{consoleMessages.common.customerNote}</dt>
            <dd>{o.note}</dd>
          </>
        ) : null}
        {o.delivery_date ? (
          <>
            <dt>{consoleMessages.orders.deliveryDate}</dt>
            <dd>{formatDay(o.delivery_date)}</dd>
          </>
        ) : null}
        {o.info ? (
          <>
            <dt>{consoleMessages.orders.notesForCustomer}</dt>
            <dd>{o.info}</dd>
          </>
        ) : null}
      </dl>

      {moves.length > 0 ? (
        <div className="actions">
          {moves.map((m) => (
            <button
              key={m}
              type="button"
              className={m === 'cancel' ? 'danger' : undefined}
              disabled={move.isPending}
              onClick={() => {
                if (m === 'cancel' && !window.confirm(consoleMessages.orders.cancelConfirm)) return;
                move.mutate(m);
              }}
            >
              {MOVE_LABEL[m]}
            </button>
          ))}
        </div>
      ) : null}
      <ErrorLine text={error} />
      <WithdrawalPanel orderId={o.id} />
      {done ? (
        <p className="notice" role="status">
          {done}
        </p>
      ) : null}

      {o.prescriptions.length > 0 ? (
        <section>
          <h2>{consoleMessages.orders.prescriptions}</h2>
          <ul className="cards">
            {o.prescriptions.map((p) => (
              <li key={p.id}>
                <p>
                  <strong>{consoleMessages.orders.nre}</strong> {p.nre ?? '—'} · <strong>{consoleMessages.orders.fiscalCode}</strong> {p.codice_fiscale}
                  {p.equivalent ? consoleMessages.orders.acceptsEquivalentMedicine : ''}
                </p>
                {p.note ? <p>{consoleMessages.orders.note} {p.note}</p> : null}
                {p.file ? <PrivateFile file={p.file} label={consoleMessages.orders.prescriptionFile} /> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {o.product_requests.length > 0 ? (
        <section>
          <h2>{consoleMessages.orders.productRequests}</h2>
          <ul className="cards">
            {o.product_requests.map((r) => (
              <li key={r.id}>
                <p>
                  <strong>{r.type === 'galenica' ? consoleMessages.orders.compounded : consoleMessages.orders.product}:</strong> {r.note}
                  {r.equivalent ? consoleMessages.orders.acceptsEquivalent : ''}
                </p>
                {r.file ? <PrivateFile file={r.file} label={consoleMessages.orders.photoFile} /> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {allowed.includes('finalize') ? (
        <FinalizeForm order={o} onDone={(res) => queryClient.setQueryData(['order', id], res)} />
      ) : (
        <Lines order={o} />
      )}

      <RefundsPanel orderId={o.id} version={o.updated_at} />

      <section>
        <h2>{consoleMessages.orders.history}</h2>
        <ol className="history">
          {o.events.map((e) => (
            <li key={e.id}>
              {formatDateTime(e.created_at)} — {e.from_status ? `${STATUS_LABEL[e.from_status]} → ` : ''}
              {STATUS_LABEL[e.to_status]} ({e.actor_name ?? labelOf(messages.backofficeLabels.actorRoles, e.actor_role)}){e.note ? `: ${e.note}` : ''}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}

function Lines({ order }: { order: AdminOrderDetail }) {
  if (order.products.length === 0) return null;
  return (
    <section>
      <h2>{consoleMessages.orders.products}</h2>
      <GridTable label={consoleMessages.orders.linesLabel} columns={[consoleMessages.common.code, consoleMessages.orders.product, consoleMessages.orders.quantity, consoleMessages.common.price, consoleMessages.common.total]}>
        {order.products.map((p) => (
          <tr key={p.code} className={p.unavailable ? 'unavailable' : undefined}>
            <td>{p.code}</td>
            <td>
              {p.name}
              {p.unavailable ? consoleMessages.orders.lineUnavailable : ''}
              {p.prescription_only ? consoleMessages.orders.withPrescription : ''}
            </td>
            <td>{p.quantity}</td>
            <td>{formatEuro(p.price)}</td>
            <td>{formatEuro(p.total)}</td>
          </tr>
        ))}
      </GridTable>
      <p>
        {consoleMessages.orders.totalLine} <strong>{formatEuro(order.total - order.discount_amount)}</strong>
      </p>
    </section>
  );
}

interface EditLine extends FinalOrderLine {
  name: string;
}

/** Finalize (managing → finalizing): lines, quantities, prices, unavailable ones, added products, date and notes. */
function FinalizeForm({ order, onDone }: { order: AdminOrderDetail; onDone: (res: { data: AdminOrderDetail }) => void }) {
  const queryClient = useQueryClient();
  const [lines, setLines] = useState<EditLine[]>(() =>
    order.products.map((p) => ({ code: p.code, name: p.name, quantity: p.quantity, price: p.price, unavailable: p.unavailable })),
  );
  const [deliveryDate, setDeliveryDate] = useState(order.delivery_date ?? '');
  const [info, setInfo] = useState(order.info ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string | null>(null);

  const finalize = useMutation({
    mutationFn: () =>
      api('POST', `/admin/orders/${order.id}/finalize`, AdminOrderResponseSchema, {
        products: lines.map(({ code, name, quantity, price, unavailable, medicine }) => ({ code, name, quantity, price, unavailable, medicine })),
        delivery_date: deliveryDate || null,
        info,
      }),
    onMutate: () => {
      setErrors({});
      setError(null);
    },
    onSuccess: (res) => {
      onDone(res);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['order-counts'] });
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 422) setErrors(e.errors);
      setError(e.message);
    },
  });

  const update = (i: number, patch: Partial<EditLine>) => setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    finalize.mutate();
  };
  const fieldError = (key: string) => errors[key]?.at(-1);

  return (
    <form onSubmit={submit} aria-labelledby="finalize-title" noValidate>
      <h2 id="finalize-title">{consoleMessages.orders.proposalTitle}</h2>
      <GridTable label={consoleMessages.orders.proposalLabel} columns={[consoleMessages.orders.product, consoleMessages.orders.quantity, consoleMessages.common.priceEuro, consoleMessages.orders.unavailable]} actions={consoleMessages.orders.remove}>
          {lines.map((l, i) => (
            <tr key={l.code}>
              <td>
                {l.name} <small>({l.code})</small>
                {l.medicine ? consoleMessages.orders.medicineLine : ''}
                <LineError text={fieldError(`products.${i}.code`)} />
              </td>
              <NumberCell label={fillMessage(consoleMessages.orders.quantityOf, { name: l.name })} min={1} max={99} value={l.quantity} onChange={(quantity) => update(i, { quantity })} error={fieldError(`products.${i}.quantity`)} />
              <NumberCell label={fillMessage(consoleMessages.orders.priceOf, { name: l.name })} min={0} step="0.01" value={l.price} onChange={(price) => update(i, { price })} error={fieldError(`products.${i}.price`)} />
              <td>
                <input
                  type="checkbox"
                  aria-label={fillMessage(consoleMessages.orders.unavailableOf, { name: l.name })}
                  checked={l.unavailable}
                  onChange={(e) => update(i, { unavailable: e.target.checked })}
                />
              </td>
              <td>
                  <LinkButton hint={l.name} onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}>
                    {consoleMessages.orders.remove}
                  </LinkButton>
              </td>
            </tr>
          ))}
      </GridTable>
      <ProductPicker
        onPick={(p) =>
          setLines((ls) =>
            ls.some((l) => l.code === p.code) ? ls : [...ls, { code: p.code, name: p.name, quantity: 1, price: p.price, unavailable: false }],
          )
        }
      />
      <UnlistedLinePicker
        onAdd={(line) => setLines((ls) => (ls.some((l) => l.code === line.code) ? ls : [...ls, { ...line, quantity: 1, unavailable: false }]))}
      />
      <label>
        {consoleMessages.orders.deliveryDate}
        <input type="date" value={deliveryDate} onChange={(e) => setDeliveryDate(e.target.value)} />
      </label>
      <LineError text={fieldError('delivery_date')} />
      <label>
        {consoleMessages.orders.notesForCustomer}
        <textarea rows={3} maxLength={2000} value={info} onChange={(e) => setInfo(e.target.value)} />
      </label>
      <LineError text={fieldError('info')} />
      <ErrorLine text={error} />
      <button type="submit" disabled={finalize.isPending}>
        {consoleMessages.orders.sendProposal}
      </button>
    </form>
  );
}

/** Adds a product from the catalogue (the app's own search, 3+ characters). */
function ProductPicker({ onPick }: { onPick: (p: { code: string; name: string; price: number }) => void }) {
  const [q, setQ] = useState('');
  const term = q.trim();
  const results = useQuery({
    queryKey: ['product-search', term],
    queryFn: () => api('GET', `/product/search?q=${encodeURIComponent(term)}&rpp=8`, SearchResponseSchema),
    enabled: isSearchable(term),
  });
  const hits = results.data?.responses[0]?.hits.hits ?? [];
  return (
    <div className="picker">
      <label>
        {consoleMessages.orders.addProduct}
        <input type="search" value={q} placeholder={consoleMessages.orders.productSearchPlaceholder} onChange={(e) => setQ(e.target.value)} />
      </label>
      {isSearchable(term) && hits.length > 0 ? (
        <ul aria-label={consoleMessages.common.results}>
          {hits.map((h) => (
            <li key={h._id}>
              <button
                type="button"
                className="link"
                onClick={() => {
                  onPick({ code: h._source.codice_ministeriale, name: h._source.nome_prodotto, price: h._source.prezzo });
                  setQ('');
                }}
              >
                {h._source.nome_prodotto} — {formatEuro(h._source.prezzo)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {isSearchable(term) && results.data && hits.length === 0 ? <p>{consoleMessages.common.noProductFound}</p> : null}
    </div>
  );
}

/** The server's message on one value of the proposal, under it. */
function LineError({ text }: { text: string | undefined }) {
  return text ? <span className="field-error">{text}</span> : null;
}

/** A number of a proposal line (quantity, price) in its cell, named for screen readers, its error under it. */
function NumberCell({
  label,
  value,
  onChange,
  error,
  ...limits
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  error: string | undefined;
  min: number;
  max?: number;
  step?: string;
}) {
  return (
    <td>
      <input type="number" {...limits} aria-label={label} value={value} onChange={(e) => onChange(Number(e.target.value))} />
      <LineError text={error} />
    </td>
  );
}
