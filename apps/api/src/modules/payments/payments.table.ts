import type { Generated, Insertable, Selectable } from 'kysely';

export type PaymentStatus = 'created' | 'pending' | 'approved' | 'refused' | 'cancelled';

/** One attempt to pay an order at a provider. */
export interface PaymentTable {
  id: Generated<number>;
  order_id: number;
  shop_id: number;
  /** nexi | gestpay | paypal */
  provider: string;
  /** The order's payment type when the attempt was made (payOnline pays through gestpay). */
  payment_type: string;
  /** Our transaction code sent to the provider. */
  reference: string;
  /** The provider's id of the payment (Nexi codTrans, Axerve paymentID, PayPal order id). */
  provider_ref: string | null;
  /** Axerve paymentToken. */
  token: string | null;
  amount_cents: number;
  currency: string;
  status: PaymentStatus;
  authorization_code: string | null;
  created_at: string;
  updated_at: string;
  settled_at: string | null;
}
export type PaymentRow = Selectable<PaymentTable>;
export type NewPaymentRow = Insertable<PaymentTable>;

export type PaymentEventSource = 'notification' | 'webhook' | 'return' | 'reconcile' | 'create';
export type PaymentEventOutcome = 'accepted' | 'replayed' | 'refused' | 'ignored' | 'error';

/** What a provider or a browser told us about a payment, and what we made of it. */
export interface PaymentEventTable {
  id: Generated<number>;
  provider: string;
  provider_ref: string | null;
  payment_id: number | null;
  order_id: number | null;
  source: PaymentEventSource;
  outcome: PaymentEventOutcome;
  reason: string | null;
  /** The message as received (JSON), secrets and card data never included. */
  payload: string | null;
  remote_ip: string | null;
  created_at: string;
}
export type NewPaymentEventRow = Insertable<PaymentEventTable>;

export interface PaymentTables {
  payments: PaymentTable;
  payment_events: PaymentEventTable;
}
