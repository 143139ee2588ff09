import {
  allowedPaymentMethods,
  type DeliveryType,
  PAYMENT_TYPE_LABELS,
  type PaymentMethodFilter,
  type PaymentMethods,
  PaymentTypeSchema,
  type ShippingConfigurations,
} from '@farmacia/contract';
import { getOption } from '../shops/index.js';
import type { ServiceContext } from '../../context.js';

/** The shop's delivery and payment configuration (`order_shipping_configurations`), or null when unset. */
export async function shippingConfigurations(ctx: ServiceContext, shopId: number): Promise<ShippingConfigurations | null> {
  return (await getOption(ctx, shopId, 'order_shipping_configurations')) as ShippingConfigurations | null;
}

/**
 * `GET /payment/methods` (spec §3 Payment methods): a map keyed by payment type with its label,
 * description and the delivery types it allows, from the shop's configuration. Types the app does
 * not know are left out, so the app never shows a method it cannot handle.
 */
export function paymentMethodsOf(config: ShippingConfigurations | null, filter: PaymentMethodFilter = {}): PaymentMethods {
  const methods: PaymentMethods = {};
  if (!config) return methods;
  for (const [key, entry] of Object.entries(config.paymentTypes)) {
    const type = PaymentTypeSchema.safeParse(key);
    if (!type.success) continue;
    methods[type.data] = {
      type: type.data,
      label: entry.label || PAYMENT_TYPE_LABELS[type.data],
      description: entry.description,
      shippingType: [...entry.shippingTypes],
    };
  }
  return allowedPaymentMethods(methods, filter);
}

/** Whether a payment type is configured and allowed for a delivery type (and the settlement rule). */
export function isPaymentTypeAllowed(
  config: ShippingConfigurations | null,
  type: string,
  deliveryType: DeliveryType,
  offlineOnly: boolean,
): boolean {
  return Object.hasOwn(paymentMethodsOf(config, { deliveryType, offlineOnly }), type);
}
