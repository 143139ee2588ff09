import { type OrderRefunds, fillMessage, formatEuro, refundsMessages, refundStateLabel } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

const t = refundsMessages;

/**
 * The refunds of the customer's order paid online (decision 0515): its state ("Rimborsato",
 * "Rimborso in corso"…) and each refund with its amount. Nothing when nothing was refunded.
 * `version` (the order's updated_at) reloads it when the order changes (a cancel starts a refund).
 */
export function OrderRefundsBlock({ orderId, version }: { orderId: number; version: string }) {
  const query = useQuery({
    queryKey: ['orders', orderId, 'refunds', version] as const,
    queryFn: async ({ signal }) => (await api<{ data: OrderRefunds }>(`/order/${orderId}/refunds`, { signal })).data,
  });
  const r = query.data;
  const state = r ? refundStateLabel(r.state) : null;
  if (!r || !state) return null;
  return (
    <div className="notice notice--info" role="status" aria-label={t.title}>
      <p>
        <strong>{state}</strong>
        {r.refunded > 0 ? ` — ${formatEuro(r.refunded)}` : ''}
      </p>
      <ul>
        {r.refunds.map((x) => (
          <li key={x.id}>{fillMessage(t.orderLine, { amount: formatEuro(x.amount), status: t.status[x.status].toLowerCase() })}</li>
        ))}
      </ul>
    </div>
  );
}
