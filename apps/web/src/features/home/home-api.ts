import { messages, type OrderListResponse, type ShopsResponse, TOAST_QUICK_DURATION_MS } from '@farmacia/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { showToast } from '../../components/ui/toast';

/** `GET /shops`: the shops linked to the user and the associated one. */
export const shopsQueryOptions = queryOptions({
  queryKey: ['shops'],
  queryFn: ({ signal }) => api<ShopsResponse>('/shops', { signal }),
  staleTime: 5 * 60_000,
});

/**
 * How many rows a list call answered, whatever its envelope: `[...]`, `{ data: [...] }` or
 * `{ data: { data: [...] } }` (spec §7 writes `data.data` for several lists): the home counts
 * read the caches of the reservations and orders screens, whichever shape they keep.
 */
export function countOf(value: unknown): number | null {
  if (Array.isArray(value)) return value.length;
  if (value && typeof value === 'object' && 'data' in value) return countOf((value as { data: unknown }).data);
  return null;
}

/**
 * `GET /order` under the orders screen's key and in its cached shape (the list itself, out of its
 * `{ data }` envelope): whichever screen runs first fills the cache for the other.
 */
export const ordersQueryOptions = queryOptions({
  queryKey: ['orders'] as const,
  queryFn: async ({ signal }) => (await api<OrderListResponse>('/order', { signal })).data,
});

/**
 * `PUT /shops {shop_id}` (spec §7, §8): options, content, catalogue and cart all belong to the
 * associated shop, so everything cached is refetched after the change. Quick toast on home (§9).
 */
export function useSetShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shopId: number) => api<ShopsResponse>('/shops', { method: 'PUT', body: { shop_id: shopId } }),
    onSuccess: async (response) => {
      queryClient.setQueryData(shopsQueryOptions.queryKey, response);
      showToast(messages.shop.updated, { tone: 'success', duration: TOAST_QUICK_DURATION_MS });
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'shops' });
    },
    onError: () => {
      showToast(messages.shop.updateFailed, { tone: 'warning', duration: TOAST_QUICK_DURATION_MS });
    },
  });
}
