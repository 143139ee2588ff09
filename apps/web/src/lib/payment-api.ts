import {
  PAYMENT_TYPE_LABELS,
  type PaymentCreateResponse,
  type PaymentIdResponse,
  type PaymentMethods,
  type PaymentMethodsResponse,
  type PaymentType,
} from '@farmacia/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

/** `GET /payment/methods`: the shop's payment types with their labels and delivery types. */
export const paymentMethodsQueryOptions = queryOptions({
  queryKey: ['payment-methods'] as const,
  queryFn: async ({ signal }) => (await api<PaymentMethodsResponse>('/payment/methods', { signal })).data,
  staleTime: 5 * 60_000,
});

/** The label of a payment type: the shop's, else the default Italian one. */
export function paymentTypeLabel(type: string | null | undefined, methods?: PaymentMethods): string {
  if (!type) return '';
  return methods?.[type as PaymentType]?.label ?? PAYMENT_TYPE_LABELS[type as PaymentType] ?? type;
}

/**
 * `GET /payment/{method}/create/{orderId}` → `{ error, submit, payload }` (spec §7). Answered as
 * it comes (the screen judges it with `paymentErrorMessage`): a new attempt every call.
 */
export function createPayment(method: string, orderId: number): Promise<PaymentCreateResponse> {
  return api<PaymentCreateResponse>(`/payment/${encodeURIComponent(method)}/create/${orderId}`);
}

/** `GET /payment/{method}/payment-id/{id}` → `{ order_id, valid }` for the outcome screen. */
export function paymentIdQueryOptions(method: string, ref: string) {
  return queryOptions({
    queryKey: ['payment-id', method, ref] as const,
    queryFn: ({ signal }) => api<PaymentIdResponse>(`/payment/${encodeURIComponent(method)}/payment-id/${encodeURIComponent(ref)}`, { signal }),
    retry: false,
  });
}
