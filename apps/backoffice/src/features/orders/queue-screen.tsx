import { countText, messages, consoleMessages, fillMessage } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { formatDateTime, formatEuro, labelOf } from '../../app/format';
import { QueryError } from '../../components/feedback';
import { STATUS_LABEL } from '../../lib/order-status';
import { QUEUE_TABS } from './status';
import { orderCountsQueryOptions, queueQueryOptions, queueTabOf } from './orders-api';
import { GridTable } from '../../components/grid-table';

/** The live queue of requests and orders of the shop, by status, last updated first. */
export function QueueScreen() {
  const { stato } = useSearch({ from: '/staff/ordini' });
  const navigate = useNavigate();
  const tab = queueTabOf(stato);
  const counts = useQuery(orderCountsQueryOptions);
  const list = useQuery(queueQueryOptions(tab));
  const countOf = (statuses: readonly string[]) => statuses.reduce((n, s) => n + (counts.data?.data[s] ?? 0), 0);

  return (
    <section aria-labelledby="queue-title">
      <h1 id="queue-title">{consoleMessages.layout.nav.queue}</h1>
      <div className="tabs" role="tablist" aria-label={consoleMessages.common.status}>
        {QUEUE_TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={t.key === tab.key}
            className={t.key === tab.key ? 'tab active' : 'tab'}
            onClick={() => navigate({ to: '/ordini', search: { stato: t.key } })}
          >
            {t.label} <span className="badge">{countOf(t.statuses)}</span>
          </button>
        ))}
      </div>
      <QueryError query={list} />
      {list.data && list.data.data.length === 0 ? <p>{consoleMessages.queue.empty}</p> : null}
      {list.data && list.data.data.length > 0 ? (
        <GridTable label={consoleMessages.common.orders} columns={[consoleMessages.common.number, consoleMessages.common.customer, consoleMessages.queue.contents, consoleMessages.common.delivery, consoleMessages.common.total, consoleMessages.common.status, consoleMessages.queue.updated]} caption={fillMessage(consoleMessages.queue.caption, { tab: tab.label })}>
            {list.data.data.map((o) => (
              <tr key={o.id}>
                <td>
                  <Link to="/ordini/$id" params={{ id: o.id }}>
                    {fillMessage(consoleMessages.common.orderNumber, { id: o.id })}
                  </Link>
                </td>
                <td>{o.customer.name}</td>
                <td>
                  {[
                    o.products.length ? countText(messages.counts.products, o.products.length) : null,
                    o.prescriptions.length ? countText(messages.counts.prescriptions, o.prescriptions.length) : null,
                    o.product_requests.length ? countText(messages.counts.requests, o.product_requests.length) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ') || '—'}
                </td>
                <td>{o.shippingMethod?.label ?? (o.delivery_type ? labelOf(messages.backofficeLabels.deliveryTypes, o.delivery_type) : '—')}</td>
                <td>{formatEuro(o.total - o.discount_amount)}</td>
                <td>{STATUS_LABEL[o.status]}</td>
                <td>{formatDateTime(o.updated_at)}</td>
              </tr>
            ))}
        </GridTable>
      ) : null}
      {list.isPending ? <p aria-live="polite">{messages.staffAlerts.loading}</p> : null}
    </section>
  );
}
