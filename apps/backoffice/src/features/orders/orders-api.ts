import { AdminOrderListResponseSchema, AdminOrderResponseSchema, OrderCountsResponseSchema } from '@farmacia/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { pollWhileLiveDown } from '../../lib/live';
import { QUEUE_TABS } from './status';

/** How often the queue asks for new requests while the live stream is down. */
const POLL_MS = 10_000;

/** The order counts by status, for the queue's tabs. */
export const orderCountsQueryOptions = queryOptions({
  queryKey: ['order-counts'],
  queryFn: () => api('GET', '/admin/order-counts', OrderCountsResponseSchema),
  refetchInterval: pollWhileLiveDown(POLL_MS),
});

/** One tab of the queue: its statuses, last updated first. */
export function queueQueryOptions(tab: (typeof QUEUE_TABS)[number]) {
  return queryOptions({
    queryKey: ['orders', tab.key],
    queryFn: () => api('GET', `/admin/orders?status=${tab.statuses.join(',')}&rpp=50`, AdminOrderListResponseSchema),
    refetchInterval: pollWhileLiveDown(POLL_MS),
  });
}

/** The tab a `?stato=` names, the first one otherwise. */
export function queueTabOf(stato: string | undefined): (typeof QUEUE_TABS)[number] {
  return QUEUE_TABS.find((t) => t.key === stato) ?? QUEUE_TABS[0]!;
}

/** One order with everything the pharmacist needs. */
export function adminOrderQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['order', id],
    queryFn: () => api('GET', `/admin/orders/${id}`, AdminOrderResponseSchema),
  });
}
