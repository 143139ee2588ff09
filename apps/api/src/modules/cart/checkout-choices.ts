import {
  type CartUpdate,
  type DeliveryType,
  deliveryTypeNeedsAddress,
  messages,
  paymentTypesFor,
  type ShippingConfigurations,
  type ShippingMethodOption,
  shippingMethodsFor,
} from '@farmacia/contract';

/**
 * The delivery and payment choices of `PUT /cart`, checked against the shop's
 * `order_shipping_configurations` (ARCHITECTURE §4 Delivery). Pure; the service supplies the
 * stored choices, the configuration and the address check.
 */
export interface CheckoutChoices {
  shippingType: DeliveryType | null;
  shippingMethod: string | null;
  addressId: number | null;
  paymentType: string | null;
}

export type ChoicesOutcome = { ok: true; choices: CheckoutChoices } | { ok: false; errors: Record<string, string[]> };

/**
 * Merges an update into the stored choices. Spec §4: changing the delivery type resets the method
 * and the payment type (unless the same body sets them again); a type that takes no address drops
 * it. Each choice must be offered by the shop for the chosen delivery type.
 */
export function mergeChoices(current: CheckoutChoices, update: CartUpdate, config: ShippingConfigurations | null): ChoicesOutcome {
  const next: CheckoutChoices = { ...current };
  if (update.shippingType !== undefined && update.shippingType !== current.shippingType) {
    next.shippingType = update.shippingType;
    next.shippingMethod = null;
    next.paymentType = null;
  }
  if (update.shippingMethod !== undefined) next.shippingMethod = update.shippingMethod?.type ?? null;
  if (update.paymentType !== undefined) next.paymentType = update.paymentType;
  if (update.address !== undefined) next.addressId = update.address;
  if (!deliveryTypeNeedsAddress(next.shippingType)) next.addressId = null;

  const errors: Record<string, string[]> = {};
  const type = next.shippingType;
  if (type !== null && !config?.deliveryTypes[type]?.enabled) {
    errors.shippingType = [messages.checkout.selectDeliveryType];
  }
  if (next.shippingMethod !== null && (type === null || !methodOf(config, type, next.shippingMethod))) {
    errors.shippingMethod = [messages.checkout.selectDeliveryMethod];
  }
  if (next.paymentType !== null && (type === null || !config || !paymentTypesFor(config, type).includes(next.paymentType))) {
    errors.paymentType = [messages.checkout.selectPaymentType];
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, choices: next };
}

/** The configured method of a delivery type, or undefined when the shop does not offer it (any more). */
export function methodOf(config: ShippingConfigurations | null, type: DeliveryType, method: string): ShippingMethodOption | undefined {
  return config ? shippingMethodsFor(config, type).find((m) => m.type === method) : undefined;
}
