import { z } from 'zod';
import { ORDER_SHIPPING_TYPES } from './delivery-rules.js';

/**
 * Delivery at checkout (spec §4 Checkout; ARCHITECTURE §4 Delivery). The delivery types and the
 * `order_shipping_configurations` option shape are in `shop.ts` (the option's home); this module
 * holds the order's shipping type, the chosen method and the checkout rules as pure functions
 * the server and the web app share.
 */

export * from './delivery-rules.js';

/** Spec §4: an order is either collected (`inShop`) or delivered to an `address` (the types in delivery-rules.ts). */
export const OrderShippingTypeSchema = z.enum(ORDER_SHIPPING_TYPES);

/** The delivery method chosen for a cart or an order (spec §3 shippingMethod{type,label,price}); price in euro. */
export const ShippingMethodSchema = z.object({
  type: z.string(),
  label: z.string(),
  price: z.number(),
});
export type ShippingMethod = z.infer<typeof ShippingMethodSchema>;

