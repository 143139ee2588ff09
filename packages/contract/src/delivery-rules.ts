import { euroToCents } from './common/money.js';
import type { DeliveryType, ShippingConfigurations, ShippingMethodOption } from './shop.js';

/**
 * The checkout's delivery rules that need no schema (issue 22, decision 0579): the delivery types,
 * the order's shipping type and what a checkout may choose. Kept apart from delivery.ts and shop.ts
 * (zod schemas built at module load) so the cart and checkout screens do not evaluate zod on a
 * phone's start; delivery.ts re-exports them and shop.ts builds its schema from DELIVERY_TYPES, so
 * the contract's API is unchanged.
 */

/** Delivery types of spec §4 Checkout, in the spec's order. */
export const DELIVERY_TYPES = ['inShop', 'vendingMachine', 'pickupPoint', 'address'] as const;

/** Spec §4: an order is either collected (`inShop`) or delivered to an `address`. */
export const ORDER_SHIPPING_TYPES = ['inShop', 'address'] as const;
export type OrderShippingType = (typeof ORDER_SHIPPING_TYPES)[number];

/**
 * The order's shipping type for a delivery type (decision 0104): the shop and its vending machine
 * are collections at the pharmacy (`inShop`); a pickup point (a system address) and the
 * customer's address are deliveries to an address (`address`).
 */
export function orderShippingTypeOf(deliveryType: DeliveryType): OrderShippingType {
  return deliveryType === 'pickupPoint' || deliveryType === 'address' ? 'address' : 'inShop';
}

/** Spec §4: address and pickupPoint need a selected address (a pickup point is a system address). */
export function deliveryTypeNeedsAddress(deliveryType: DeliveryType | null | undefined): boolean {
  return deliveryType === 'address' || deliveryType === 'pickupPoint';
}

/** What the checkout has chosen so far (spec §4). */
export interface CheckoutSelection {
  shippingType: DeliveryType | null | undefined;
  shippingMethod: { type: string } | null | undefined;
  paymentType: string | null | undefined;
  address: number | { id: number } | null | undefined;
}

/**
 * Spec §4: the checkout button is enabled only when the delivery type, the delivery method and
 * the payment type are set; address and pickupPoint also need a selected address.
 */
export function canSubmitCheckout(state: CheckoutSelection): boolean {
  if (!state.shippingType || !state.shippingMethod || !state.paymentType) return false;
  return !deliveryTypeNeedsAddress(state.shippingType) || (state.address !== null && state.address !== undefined);
}

/**
 * Spec §4: changing the delivery type resets the delivery method and the payment type (and the
 * address when the new type takes none). Choosing the same type again changes nothing.
 */
export function withDeliveryType<T extends CheckoutSelection>(state: T, shippingType: DeliveryType): T {
  if (state.shippingType === shippingType) return state;
  return {
    ...state,
    shippingType,
    shippingMethod: null,
    paymentType: null,
    address: deliveryTypeNeedsAddress(shippingType) ? state.address : null,
  };
}

/** The methods offered for a delivery type (none when the type is disabled or not configured). */
export function shippingMethodsFor(config: ShippingConfigurations, deliveryType: DeliveryType): ShippingMethodOption[] {
  const entry = config.deliveryTypes[deliveryType];
  return entry?.enabled ? entry.methods : [];
}

/** The delivery types the shop offers, in the spec's order. */
export function enabledDeliveryTypes(config: ShippingConfigurations): DeliveryType[] {
  return DELIVERY_TYPES.filter((type) => config.deliveryTypes[type]?.enabled === true);
}

/** The payment types allowed with a delivery type (each payment type lists its delivery types). */
export function paymentTypesFor(config: ShippingConfigurations, deliveryType: DeliveryType): string[] {
  return Object.entries(config.paymentTypes)
    .filter(([, payment]) => payment.shippingTypes.includes(deliveryType))
    .map(([type]) => type);
}

/**
 * What a delivery method costs for an eligible subtotal, in euro: its price, or 0 from
 * `free_above` (inclusive) upwards. Compared in cents so 49.99 + 0.01 reaches 50.
 */
export function shippingPrice(method: ShippingMethodOption, subtotal: number): number {
  if (method.free_above !== null && euroToCents(subtotal) >= euroToCents(method.free_above)) return 0;
  return method.price;
}
