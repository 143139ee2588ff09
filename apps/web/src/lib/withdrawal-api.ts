import type { OpenWithdrawal, OrderWithdrawal, Withdrawal, WithdrawalBody } from '@farmacia/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/** The withdrawal function's calls (decision 0698): step 1's facts, the submission, the orders still open. */

/** `GET /order/{id}/withdrawal`: whether, until when and which lines; the name and email to prefill. */
export function orderWithdrawalQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['orders', id, 'withdrawal'] as const,
    queryFn: async ({ signal }) => (await api<{ data: OrderWithdrawal }>(`/order/${id}/withdrawal`, { signal })).data,
  });
}

/** `GET /order-withdrawals`: the orders the customer may still withdraw from, with their last day. */
export const openWithdrawalsQueryOptions = queryOptions({
  queryKey: ['order-withdrawals'] as const,
  queryFn: async ({ signal }) => (await api<{ data: OpenWithdrawal[] }>('/order-withdrawals', { signal })).data,
});

/** `POST /order/{id}/withdrawal` (step 2): then the order's withdrawal and the open list are read again. */
export function useSubmitWithdrawal(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WithdrawalBody) => (await api<{ data: Withdrawal }>(`/order/${id}/withdrawal`, { method: 'POST', body })).data,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: orderWithdrawalQueryOptions(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: openWithdrawalsQueryOptions.queryKey });
    },
  });
}
