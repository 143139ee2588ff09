import type { ProductRequest } from '@farmacia/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { invalidateCart } from '../../lib/cart-api';

/** `GET /cart/product_requests/{id}`. */
export function productRequestQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['product-requests', id] as const,
    queryFn: async ({ signal }) => (await api<{ data: ProductRequest }>(`/cart/product_requests/${id}`, { signal })).data,
  });
}

/** `POST /cart/product_requests` or `PUT …/{id}` with `{ type, note, equivalent, file as JSON text }` (spec §7). */
export function useSaveProductRequest(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { type: ProductRequest['type']; note: string; equivalent: boolean; file: string | null }) =>
      (
        await api<{ data: ProductRequest }>(id === undefined ? '/cart/product_requests' : `/cart/product_requests/${id}`, {
          method: id === undefined ? 'POST' : 'PUT',
          body,
        })
      ).data,
    onSuccess: async (saved) => {
      queryClient.setQueryData(productRequestQueryOptions(saved.id).queryKey, saved);
      await invalidateCart(queryClient);
    },
  });
}

export function useDeleteProductRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/cart/product_requests/${id}`, { method: 'DELETE' }),
    onSuccess: (_none, id) => {
      queryClient.removeQueries({ queryKey: ['product-requests', id] });
      return invalidateCart(queryClient);
    },
  });
}
