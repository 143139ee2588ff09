import type { Cart } from './cart.js';

/**
 * Spec §2: the Carrello tab badge = the sum of product quantities + prescriptions + product
 * requests. In a zod-free module: the web app registers the badge from its first load
 * (decision 0145).
 */
export function cartBadgeCount(cart: Pick<Cart, 'products' | 'prescriptions' | 'product_requests'> | null | undefined): number {
  if (!cart) return 0;
  const quantities = cart.products.reduce((sum, line) => sum + Math.max(0, line.quantity), 0);
  return quantities + cart.prescriptions.length + cart.product_requests.length;
}

/** An empty cart holds no product line, no prescription and no product request: it cannot become an order. */
export function isCartEmpty(cart: Pick<Cart, 'products' | 'prescriptions' | 'product_requests'>): boolean {
  return cart.products.length === 0 && cart.prescriptions.length === 0 && cart.product_requests.length === 0;
}
