import {
  appMessages,
  cartMessages,
  fillMessage,
  formatDate,
  ordersMessages,
  orderPayableTotal,
  orderStatusListLabel,
  withdrawalMessages,
} from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { DateText } from '../../components/ui/date-text';
import { Loader } from '../../components/ui/loader';
import { Price } from '../../components/ui/price';
import { orderTitle } from './order-parts';
import { ordersQueryOptions } from '../../lib/orders-api';
import { openWithdrawalsQueryOptions } from '../../lib/withdrawal-api';
import { EmptyState } from '../../components/ui/empty-state';
import '../../components/ui/item-lists.css';
import '../../components/ui/order-cards.css';

/** /app/orders (spec §2 Orders): the customer's orders, last updated first, with the list labels of spec §4. */
export function OrdersScreen() {
  const query = useQuery(ordersQueryOptions);
  // The withdrawal function stays reachable from the list while an order is within its period (art. 11a).
  const open = useQuery(openWithdrawalsQueryOptions);
  const lastDayOf = new Map((open.data ?? []).map((o) => [o.order_id, o.last_day]));
  return (
    <div className="page orders">
      <h1>{ordersMessages.listTitle}</h1>
      {query.isPending ? (
        <Loader />
      ) : query.isError ? (
        <p className="notice">{appMessages.loadFailed}</p>
      ) : query.data.length === 0 ? (
        <EmptyState title={ordersMessages.empty}>
          <Link to="/app/search" className="button button--primary">
            {cartMessages.searchProducts}
          </Link>
        </EmptyState>
      ) : (
        <ul className="order-list">
          {query.data.map((order) => (
            <li key={order.id}>
              <Link to="/app/orders/$id" params={{ id: order.id }} className="order-card">
                <span className="order-card__title">{orderTitle(order.id)}</span>
                <span className={`order-status order-status--${order.status}`}>{orderStatusListLabel(order.status)}</span>
                <span className="order-card__meta">
                  <DateText value={order.created_at} />
                  <Price euro={orderPayableTotal(order)} />
                </span>
              </Link>
              {lastDayOf.has(order.id) ? (
                <Link to="/app/orders/$id/recesso" params={{ id: order.id }} className="button button--link">
                  {fillMessage(withdrawalMessages.listLink, { day: formatDate(lastDayOf.get(order.id) ?? '') })}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
