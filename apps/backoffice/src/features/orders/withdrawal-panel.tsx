import { AdminWithdrawalResponseSchema, fillMessage, formatDate, formatTime, withdrawalLineText, withdrawalMessages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

const t = withdrawalMessages;

/**
 * The customer's withdrawal from the order (art. 11a Directive 2011/83/EU, decision 0698): when it
 * was sent, by whom, which lines come back — for the pharmacist to arrange the return and the
 * refund (the refunds panel below). Nothing when the customer did not withdraw. The live stream
 * refreshes it with the order (its key starts with the order's).
 */
export function WithdrawalPanel({ orderId }: { orderId: number }) {
  const query = useQuery({
    queryKey: ['order', orderId, 'withdrawal'],
    queryFn: () => api('GET', `/admin/orders/${orderId}/withdrawal`, AdminWithdrawalResponseSchema),
  });
  const w = query.data?.data;
  if (!w) return null;
  return (
    <section aria-labelledby="withdrawal-title" className="notice">
      <h2 id="withdrawal-title">{t.panelTitle}</h2>
      <p>{fillMessage(t.panelWhen, { date: formatDate(w.submitted_at), time: formatTime(w.submitted_at), name: w.name, email: w.email })}</p>
      <p>{t.panelLines}</p>
      <ul>
        {w.lines.map((l) => (
          <li key={l.code}>
            {withdrawalLineText(l)} ({l.code})
          </li>
        ))}
      </ul>
      <p>{t.panelHint}</p>
    </section>
  );
}
