import type { CartResponse, CartUpdateBody, CheckoutBody, CheckoutResponse } from '@farmacia/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { storeCart } from '../../lib/cart-api';

/** `PUT /cart {shippingType, address, shippingMethod as JSON, paymentType}`: answers the whole cart. */
export function useUpdateCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CartUpdateBody) => (await api<CartResponse>('/cart', { method: 'PUT', body })).data,
    onSuccess: (cart) => storeCart(queryClient, cart),
  });
}

/** `POST /cart/checkout {note, fiscal_code_id}` → the new order's id; the cart is then empty and the orders list changes. */
export function useSubmitCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckoutBody) => api<CheckoutResponse>('/cart/checkout', { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['cart'] }), queryClient.invalidateQueries({ queryKey: ['orders'] })]),
  });
}
