import type {
  Order,
  OrderDuplicateResponse,
  OrderListResponse,
  OrderResponse,
  PaymentMethodsResponse,
  PaymentType,
} from '@farmacia/contract';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/** `GET /order`: the customer's orders, last updated first (spec §2). */
export const ordersQueryOptions = queryOptions({
  queryKey: ['orders'] as const,
  queryFn: async ({ signal }) => (await api<OrderListResponse>('/order', { signal })).data,
});

/** `GET /order/{id}`. */
export function orderQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['orders', id] as const,
    queryFn: async ({ signal }) => (await api<OrderResponse>(`/order/${id}`, { signal })).data,
  });
}

/** `GET /order/{id}/payment-methods`: the types this order may switch to. */
export function orderPaymentMethodsQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['orders', id, 'payment-methods'] as const,
    queryFn: async ({ signal }) => (await api<PaymentMethodsResponse>(`/order/${id}/payment-methods`, { signal })).data,
  });
}

/** Every order call answers the order: store it and refresh the list. */
function storeOrder(queryClient: QueryClient, order: Order): Order {
  queryClient.setQueryData(orderQueryOptions(order.id).queryKey, order);
  void queryClient.invalidateQueries({ queryKey: ['orders'], exact: true });
  return order;
}

const orderCall = async (path: string) => (await api<OrderResponse>(path, { method: 'POST' })).data;

/** `POST /order/{id}/payment-type/{type}` (only in finalizing). */
export function useChangePaymentType(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: PaymentType) => orderCall(`/order/${id}/payment-type/${type}`),
    onSuccess: (order) => storeOrder(queryClient, order),
  });
}

/** `POST /order/{id}/confirm` (offline payment types: the order is confirmed now). */
export function useConfirmOrder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => orderCall(`/order/${id}/confirm`),
    onSuccess: (order) => storeOrder(queryClient, order),
  });
}

/** `POST /order/{id}/cancel` (irreversible). */
export function useCancelOrder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => orderCall(`/order/${id}/cancel`),
    onSuccess: (order) => storeOrder(queryClient, order),
  });
}

/** `POST /order/{id}/duplicate`: the products go back into the cart. */
export function useDuplicateOrder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<OrderDuplicateResponse>(`/order/${id}/duplicate`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['cart'] }),
  });
}
