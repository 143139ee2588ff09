import { type Cart, type CartResponse, orderPayableTotal } from '@farmacia/contract';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { shopKey } from './current-shop';

/**
 * `GET /cart` (spec §7). The key ['cart', shop] is shared by the cart screen, the Carrello tab badge
 * and the catalogue's add-to-cart, so one update refreshes all of them. The shop (`shopKey`,
 * decision 0544) is in it: the cart is priced by the customer's shop, and follows a switch.
 */
export function cartQueryOptions(shop: string) {
  return queryOptions({
    queryKey: ['cart', shop] as const,
    queryFn: async ({ signal }) => (await api<CartResponse>('/cart', { signal })).data,
  });
}

/** Stores the whole cart a cart call answered, under the current shop's key. */
export function storeCart(queryClient: QueryClient, cart: Cart): Cart {
  queryClient.setQueryData(cartQueryOptions(shopKey()).queryKey, cart);
  return cart;
}

/** Prescriptions and product requests change the cart too: their screens call this after saving. */
export function invalidateCart(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['cart'] });
}

const cartCall = async (path: string, method: 'POST' | 'PUT' | 'DELETE', body?: unknown) =>
  (await api<CartResponse>(path, { method, ...(body === undefined ? {} : { body }) })).data;

/** `POST /cart/products/{code} {quantity}`: sets the quantity; 0 removes the line (spec §5). */
export function useSetQuantity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, quantity }: { code: string; quantity: number }) =>
      cartCall(`/cart/products/${encodeURIComponent(code)}`, 'POST', { quantity }),
    onSuccess: (cart) => storeCart(queryClient, cart),
  });
}

/** `DELETE /cart/products/{code}`. */
export function useRemoveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => cartCall(`/cart/products/${encodeURIComponent(code)}`, 'DELETE'),
    onSuccess: (cart) => storeCart(queryClient, cart),
  });
}

/** `DELETE /cart/{id}`: empties the cart (lines, prescriptions, requests, voucher). */
export function useClearCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cartId: number) => cartCall(`/cart/${cartId}`, 'DELETE'),
    onSuccess: (cart) => storeCart(queryClient, cart),
  });
}

/** `POST /cart/vouchers/{code} {code}`: the answer's `apply_voucher` says whether it applied (spec §4). */
export function useApplyVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => cartCall(`/cart/vouchers/${encodeURIComponent(code)}`, 'POST', { code }),
    onSuccess: (cart) => storeCart(queryClient, cart),
  });
}

/** `DELETE /cart/vouchers/{id}`. */
export function useRemoveVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (voucherId: number) => cartCall(`/cart/vouchers/${voucherId}`, 'DELETE'),
    onSuccess: (cart) => storeCart(queryClient, cart),
  });
}

/** What the applied voucher takes off now (0 when it does not apply, e.g. below its minimum). */
export function discountOf(cart: Pick<Cart, 'vouchers'>): number {
  return cart.vouchers.reduce((sum, voucher) => sum + voucher.discount_amount, 0);
}

/** What the customer pays: the cart total minus the voucher discount (spec §9) — the order's own rule, in cents. */
export function amountDue(cart: Pick<Cart, 'total' | 'vouchers'>): number {
  return orderPayableTotal({ total: cart.total, discount_amount: discountOf(cart) });
}
