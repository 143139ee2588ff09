import { fillMessage, formatDate, formatTime, type Order, WITHDRAWAL_STATUS, withdrawalLineText, withdrawalMessages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { TitledCard } from '../../components/ui/titled-card';
import { orderWithdrawalQueryOptions } from '../../lib/withdrawal-api';

const t = withdrawalMessages;

/**
 * The withdrawal function on the order's detail (art. 11a: prominent, available for the whole
 * period): «Recedi dal contratto qui» while the order may be withdrawn, the withdrawal once sent.
 * Asked only of an order whose goods were received: before that there is nothing to withdraw.
 */
export function OrderWithdrawalBlock({ order }: { order: Order }) {
  const query = useQuery({ ...orderWithdrawalQueryOptions(order.id), enabled: order.status === WITHDRAWAL_STATUS });
  const facts = query.data;
  if (!facts) return null;
  if (facts.withdrawal) {
    const w = facts.withdrawal;
    return (
      <TitledCard id="order-withdrawal" title={t.title}>
        <p>
          {fillMessage(t.submittedOn, {
            date: formatDate(w.submitted_at),
            time: formatTime(w.submitted_at),
            lines: w.lines.map((l) => withdrawalLineText(l)).join(', '),
          })}
        </p>
        <p>{t.nextSteps}</p>
      </TitledCard>
    );
  }
  if (!facts.withdrawable || !facts.last_day) return null;
  return (
    <div className="order-actions">
      <Link to="/app/orders/$id/recesso" params={{ id: order.id }} className="button button--secondary button--block">
        {t.button}
      </Link>
      <p className="order-card__meta">{fillMessage(t.intro, { day: formatDate(facts.last_day) })}</p>
    </div>
  );
}
