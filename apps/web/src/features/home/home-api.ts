import { messages, type ShopsResponse, TOAST_QUICK_DURATION_MS } from '@farmacia/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api-client';
import { showToast } from '../../components/ui/toast';

/** `GET /shops`: the shops linked to the user and the associated one. */
export const shopsQueryOptions = queryOptions({
  queryKey: ['shops'],
  queryFn: ({ signal }) => api<ShopsResponse>('/shops', { signal }),
  staleTime: 5 * 60_000,
});

/**
 * How many rows a list call answered, whatever its envelope: `[...]`, `{ data: [...] }` or
 * `{ data: { data: [...] } }` (spec §7 writes `data.data` for several lists). The reservations and
 * orders screens share these query keys and may keep the list in either shape.
 */
export function countOf(value: unknown): number | null {
  if (Array.isArray(value)) return value.length;
  if (value && typeof value === 'object' && 'data' in value) return countOf((value as { data: unknown }).data);
  return null;
}

/** `GET /reservations` (key shared with the reservations screen). */
export const reservationsQueryOptions = queryOptions({
  queryKey: ['reservations'],
  queryFn: ({ signal }) => api<unknown>('/reservations', { signal }),
});

/** `GET /order` (key shared with the orders screen). */
export const ordersQueryOptions = queryOptions({
  queryKey: ['orders'],
  queryFn: ({ signal }) => api<unknown>('/order', { signal }),
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
