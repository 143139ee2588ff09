import { paymentMessages } from './common/message-groups.js';
import type { DeliveryType } from './shop.js';
import type { PaymentMethods, PaymentType } from './payment.js';

/**
 * The payment rules that need no schema (issue 22, decision 0579): the payment types, their
 * default labels and which methods a checkout offers. Kept apart from payment.ts (zod schemas
 * built at module load) so the cart and checkout screens do not evaluate zod on a phone's start.
 * payment.ts re-exports them: the contract's API is unchanged.
 */

/** Spec §4: the online payment types (payOnline is shown as advance payment by card). */
export const ONLINE_PAYMENT_TYPES = ['payOnline', 'gestpay', 'nexi', 'paypal'] as const;
/** Payments settled at the pharmacy or to the courier (decision 0105): confirm goes straight to confirmed. */
export const OFFLINE_PAYMENT_TYPES = ['payInShop', 'cashOnDelivery'] as const;
export const PAYMENT_TYPES = [...ONLINE_PAYMENT_TYPES, ...OFFLINE_PAYMENT_TYPES] as const;
export type OnlinePaymentType = (typeof ONLINE_PAYMENT_TYPES)[number];

/** True for the types that go through the payment screen (spec §4 Order statuses). */
export function isOnlinePaymentType(type: string | null | undefined): type is OnlinePaymentType {
  return (ONLINE_PAYMENT_TYPES as readonly string[]).includes(type ?? '');
}

/**
 * Decision 0221: a cart or order is settled at the pharmacy (offline payment types only) when it
 * carries prescriptions or an available prescription-only line — the one test the checkout, the
 * pharmacist's final lines and the app's payment step share. Flags may be booleans or 0/1 columns.
 */
export function requiresPharmacySettlement(
  prescriptionCount: number,
  lines: ReadonlyArray<{ prescription_only: boolean | number; unavailable?: boolean | number }>,
): boolean {
  return prescriptionCount > 0 || lines.some((line) => Boolean(line.prescription_only) && !line.unavailable);
}

/** Default Italian labels; a shop may relabel them in `order_shipping_configurations`. */
export const PAYMENT_TYPE_LABELS: Readonly<Record<PaymentType, string>> = {
  payOnline: paymentMessages.payOnlineLabel,
  gestpay: 'Carta di credito (Axerve)',
  nexi: 'Carta di credito (Nexi)',
  paypal: 'PayPal',
  payInShop: 'Pagamento in farmacia',
  cashOnDelivery: 'Pagamento alla consegna',
};

/** Which payment methods apply: those allowing the delivery type, and offline ones only for an order settled at the pharmacy. */
export interface PaymentMethodFilter {
  deliveryType?: DeliveryType;
  offlineOnly?: boolean;
}

/** The methods a cart or order may use (the server's `GET …/payment-methods` and the app's payment step). */
export function allowedPaymentMethods(methods: PaymentMethods, filter: PaymentMethodFilter): PaymentMethods {
  const allowed: PaymentMethods = {};
  for (const method of Object.values(methods)) {
    if (filter.deliveryType && !method.shippingType.includes(filter.deliveryType)) continue;
    if (filter.offlineOnly && isOnlinePaymentType(method.type)) continue;
    allowed[method.type] = method;
  }
  return allowed;
}
