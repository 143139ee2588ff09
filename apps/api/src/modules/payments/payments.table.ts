import type { RefundStatus } from '@farmacia/contract';
import type { Insertable, Selectable } from 'kysely';
import type { CreatedAt, Timestamped, WithId } from '../../db/row.js';

export type PaymentStatus = 'created' | 'pending' | 'approved' | 'refused' | 'cancelled';

/** One attempt to pay an order at a provider. */
export interface PaymentTable extends WithId, Timestamped {
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
  settled_at: string | null;
}
export type PaymentRow = Selectable<PaymentTable>;
export type NewPaymentRow = Insertable<PaymentTable>;

export type PaymentEventSource = 'notification' | 'webhook' | 'return' | 'reconcile' | 'create';
export type PaymentEventOutcome = 'accepted' | 'replayed' | 'refused' | 'ignored' | 'error';

/** What a provider or a browser told us about a payment, and what we made of it. */
export interface PaymentEventTable extends WithId, CreatedAt {
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
}
export type NewPaymentEventRow = Insertable<PaymentEventTable>;

export interface PaymentTables {
  payments: PaymentTable;
  payment_events: PaymentEventTable;
  refunds: RefundTable;
}

/** A refund of an order paid online (decision 0515): written before the provider is asked. */
export interface RefundTable extends WithId, Timestamped {
  order_id: number;
  shop_id: number;
  /** The approved payment the money goes back from. */
  payment_id: number;
  provider: string;
  amount_cents: number;
  currency: string;
  reason: string;
  status: RefundStatus;
  /** The current attempt's key: what makes a resend the same refund at the provider. */
  idempotency_key: string;
  /** The back office's id of the submission: the same submission twice is one refund. */
  request_id: string | null;
  /** The provider's id of the refund, once it answered. */
  provider_ref: string | null;
  /** How many times it was asked for (a refused refund retried counts again). */
  attempts: number;
  /** The provider's words on a refusal. */
  error: string | null;
  actor_user_id: number | null;
  actor_role: string;
  settled_at: string | null;
}
export type RefundRow = Selectable<RefundTable>;
export type NewRefundRow = Insertable<RefundTable>;
