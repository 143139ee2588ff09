import { shopMessages, type OrderListResponse, type ShopsResponse, TOAST_QUICK_DURATION_MS } from '@farmacia/contract';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { pickShop, setSignedInShop, visitorShop } from '../../lib/current-shop';
import { getToken } from '../../lib/session';
import { showToast } from '../../components/ui/toast';

/**
 * The app follows what `/shops` answered (decision 0544): a customer's associated shop keys the
 * catalogue; a visitor's pick of a shop that no longer exists is forgotten (the default again).
 */
function followShops(response: ShopsResponse, switched: boolean): void {
  if (response.userShop) setSignedInShop(response.userShop.id, switched);
  else {
    const picked = visitorShop();
    if (picked !== null && !response.data.some((shop) => shop.id === picked)) pickShop(null);
  }
}

/** `GET /shops`: the shops linked to the user and the associated one; a visitor: every shop. */
export const shopsQueryOptions = queryOptions({
  queryKey: ['shops'],
  queryFn: async ({ signal }) => {
    const response = await api<ShopsResponse>('/shops', { signal });
    followShops(response, false);
    return response;
  },
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

/** Everything but the shop list belongs to the shop shown: refetched after a switch. */
export const refetchShopData = (queryClient: QueryClient) => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'shops' });

/**
 * `PUT /shops {shop_id}` (spec §7, §8): options, content, catalogue and cart all belong to the
 * associated shop, so everything cached is refetched after the change (the catalogue and the cart
 * under the new shop's keys, the server re-priced the cart there). A visitor (decision 0544) picks
 * a shop on the device instead: no call, the same refetch. Quick toast on home (§9).
 */
export function useSetShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (shopId: number) => {
      if (getToken()) return api<ShopsResponse>('/shops', { method: 'PUT', body: { shop_id: shopId } });
      pickShop(shopId);
      return null;
    },
    onSuccess: async (response) => {
      if (response) {
        queryClient.setQueryData(shopsQueryOptions.queryKey, response);
        followShops(response, true);
      }
      showToast(shopMessages.updated, { tone: 'success', duration: TOAST_QUICK_DURATION_MS });
      await refetchShopData(queryClient);
    },
    onError: () => {
      showToast(shopMessages.updateFailed, { tone: 'warning', duration: TOAST_QUICK_DURATION_MS });
    },
  });
}
