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
import { adminOrderQueryOptions } from './orders-api';
import { STATUS_LABEL } from '../../lib/order-status';

/** The buttons of the simple moves (`finalize` is the proposal form below). */
type Move = Exclude<PharmacistOrderMove, 'finalize'>;

const MOVE_LABEL: Record<Move, string> = {
  'take-charge': 'Prendi in carico',
  reopen: 'Riapri per modifiche',
  process: 'Metti in lavorazione',
  ship: 'Segna come spedito',
  complete: 'Segna come completato',
  cancel: 'Annulla ordine',
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
      setDone(`Stato aggiornato: ${STATUS_LABEL[res.data.status]}.`);
    },
    onError: (e) => setError(e.message),
  });

  if (order.isPending) return <p aria-live="polite">Caricamento…</p>;
  if (order.isError) {
    return (
      <p className="error" role="alert">
        {order.error instanceof ApiError && order.error.status === 404 ? 'Ordine non trovato.' : order.error.message}
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
        <Link to="/ordini">← Torna alla coda</Link>
      </p>
      <h1 id="order-title">
        Ordine {o.id} <span className="status">{STATUS_LABEL[o.status]}</span>
      </h1>
      <dl className="facts">
        <dt>Cliente</dt>
        <dd>{contactLine(o.customer)}</dd>
        <dt>Ricevuto</dt>
        <dd>{formatDateTime(o.created_at)}</dd>
        <dt>Consegna</dt>
        <dd>
          {o.shippingMethod?.label ?? (o.delivery_type ? labelOf(messages.backofficeLabels.deliveryTypes, o.delivery_type) : '—')}
          {o.address ? ` · ${[o.address.address_1, o.address.address_2, o.address.city].filter(Boolean).join(', ')}` : ''}
        </dd>
        <dt>Pagamento</dt>
        <dd>
          {o.paymentType ? labelOf(PAYMENT_TYPE_LABELS, o.paymentType) : '—'}
          {o.payment.valid === 1 ? ` · ${messages.backofficeLabels.paid}` : ''}
        </dd>
        <dt>{messages.saleRules.receiptFiscalCode}</dt>
        <dd>{o.receipt_fiscal_code ?? '—'}</dd>
        {o.note ? (
          <>
            <dt>Nota del cliente</dt>
            <dd>{o.note}</dd>
          </>
        ) : null}
        {o.delivery_date ? (
          <>
            <dt>Data di consegna</dt>
            <dd>{formatDay(o.delivery_date)}</dd>
          </>
        ) : null}
        {o.info ? (
          <>
            <dt>Note per il cliente</dt>
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
                if (m === 'cancel' && !window.confirm("Annullare l'ordine? Il cliente riceverà una notifica.")) return;
                move.mutate(m);
              }}
            >
              {MOVE_LABEL[m]}
            </button>
          ))}
        </div>
      ) : null}
      <ErrorLine text={error} />
      {done ? (
        <p className="notice" role="status">
          {done}
        </p>
      ) : null}

      {o.prescriptions.length > 0 ? (
        <section>
          <h2>Ricette</h2>
          <ul className="cards">
            {o.prescriptions.map((p) => (
              <li key={p.id}>
                <p>
                  <strong>NRE:</strong> {p.nre ?? '—'} · <strong>Codice fiscale:</strong> {p.codice_fiscale}
                  {p.equivalent ? ' · accetta il farmaco equivalente' : ''}
                </p>
                {p.note ? <p>Nota: {p.note}</p> : null}
                {p.file ? <PrivateFile file={p.file} label="ricetta" /> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {o.product_requests.length > 0 ? (
        <section>
          <h2>Richieste di prodotti</h2>
          <ul className="cards">
            {o.product_requests.map((r) => (
              <li key={r.id}>
                <p>
                  <strong>{r.type === 'galenica' ? 'Galenica' : 'Prodotto'}:</strong> {r.note}
                  {r.equivalent ? ' · accetta un equivalente' : ''}
                </p>
                {r.file ? <PrivateFile file={r.file} label="foto" /> : null}
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
        <h2>Storico</h2>
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
      <h2>Prodotti</h2>
      <GridTable label="Righe dell'ordine" columns={['Codice', 'Prodotto', 'Quantità', 'Prezzo', 'Totale']}>
        {order.products.map((p) => (
          <tr key={p.code} className={p.unavailable ? 'unavailable' : undefined}>
            <td>{p.code}</td>
            <td>
              {p.name}
              {p.unavailable ? ' (non disponibile)' : ''}
              {p.prescription_only ? ' · con ricetta' : ''}
            </td>
            <td>{p.quantity}</td>
            <td>{formatEuro(p.price)}</td>
            <td>{formatEuro(p.total)}</td>
          </tr>
        ))}
      </GridTable>
      <p>
        Totale: <strong>{formatEuro(order.total - order.discount_amount)}</strong>
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
        products: lines.map(({ code, name, quantity, price, unavailable }) => ({ code, name, quantity, price, unavailable })),
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
      <h2 id="finalize-title">Prepara la proposta per il cliente</h2>
      <GridTable label="Proposta per il cliente" columns={['Prodotto', 'Quantità', 'Prezzo (€)', 'Non disponibile']} actions="Rimuovi">
          {lines.map((l, i) => (
            <tr key={l.code}>
              <td>
                {l.name} <small>({l.code})</small>
                <LineError text={fieldError(`products.${i}.code`)} />
              </td>
              <NumberCell label={`Quantità di ${l.name}`} min={1} max={99} value={l.quantity} onChange={(quantity) => update(i, { quantity })} error={fieldError(`products.${i}.quantity`)} />
              <NumberCell label={`Prezzo di ${l.name}`} min={0} step="0.01" value={l.price} onChange={(price) => update(i, { price })} error={fieldError(`products.${i}.price`)} />
              <td>
                <input
                  type="checkbox"
                  aria-label={`${l.name} non disponibile`}
                  checked={l.unavailable}
                  onChange={(e) => update(i, { unavailable: e.target.checked })}
                />
              </td>
              <td>
                  <LinkButton hint={l.name} onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}>
                    Rimuovi
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
      <label>
        Data di consegna
        <input type="date" value={deliveryDate} onChange={(e) => setDeliveryDate(e.target.value)} />
      </label>
      <LineError text={fieldError('delivery_date')} />
      <label>
        Note per il cliente
        <textarea rows={3} maxLength={2000} value={info} onChange={(e) => setInfo(e.target.value)} />
      </label>
      <LineError text={fieldError('info')} />
      <ErrorLine text={error} />
      <button type="submit" disabled={finalize.isPending}>
        Invia al cliente per conferma
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
        Aggiungi un prodotto
        <input type="search" value={q} placeholder="Nome o codice (almeno 3 caratteri)" onChange={(e) => setQ(e.target.value)} />
      </label>
      {isSearchable(term) && hits.length > 0 ? (
        <ul aria-label="Risultati">
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
      {isSearchable(term) && results.data && hits.length === 0 ? <p>Nessun prodotto trovato.</p> : null}
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
