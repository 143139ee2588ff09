/**
 * The payment provider port (ARCHITECTURE §1, §4 Payments). One adapter per provider speaks its
 * real protocol: Nexi XPay hosted payment page, Axerve (GestPay) REST, PayPal Orders v2. The
 * orders side only sees this interface; amounts always come from the order, never the client.
 */

export type ProviderName = 'nexi' | 'gestpay' | 'paypal';

/** The order facts a payment is made of (amount in integer cents). */
export interface PaymentOrderFacts {
  orderId: number;
  amountCents: number;
  currency: 'EUR';
  buyer: { name: string; email: string };
  description: string;
}

export interface CreatePaymentInput {
  order: PaymentOrderFacts;
  /** Our unique transaction code for this attempt (Nexi codTrans, Axerve shopTransactionID, PayPal custom_id). */
  reference: string;
  /** Absolute URLs of this server the provider sends the buyer and its notifications to. */
  urls: PaymentCallbackUrls;
}

export interface PaymentCallbackUrls {
  /** The app's outcome screen for a successful payment (status=OK added). */
  buyerOk: string;
  /** The app's outcome screen for a refused or abandoned payment. */
  buyerKo: string;
  /** Where a browser returns from a hosted page that signs its answer (Nexi), to be turned into the outcome screen. */
  browserReturn: string;
  /** Where a hosted page sends a buyer who gives up (Nexi url_back). */
  browserBack: string;
  /** Server-to-server notification endpoint. */
  notification: string;
}

/** What the app needs to go on (spec §7 create → submit, payload). */
export interface CreatedPayment {
  /** The provider's id of the payment, reported back in notifications. */
  providerRef: string;
  /** Axerve paymentToken, kept to follow the payment. */
  token: string | null;
  /** URL the app posts the card to (Axerve), submits the signed form to (Nexi) or sends the buyer to (PayPal). */
  submit: string;
  payload: Record<string, unknown>;
}

/** `open`: nothing decided yet (the buyer has not paid, or is still on the provider's page). */
export type PaymentOutcomeKind = 'approved' | 'refused' | 'pending' | 'cancelled' | 'open';

/** A statement about a payment the provider verifiably made (signed, or fetched server-to-server). */
export interface PaymentReport {
  providerRef: string;
  outcome: PaymentOutcomeKind;
  /** The amount the provider says it handled, in cents; null when it does not say. */
  amountCents: number | null;
  currency: string | null;
  /** Our transaction code when the provider echoes it back. */
  reference: string | null;
  authorizationCode: string | null;
  /** The provider's own words (error description...). */
  detail: string | null;
}

/** An inbound server-to-server message, as HTTP delivered it. */
export interface InboundNotification {
  query: Record<string, string>;
  /** Form fields or the parsed JSON body. */
  body: unknown;
  /** The body as received, when a signature covers the exact bytes. */
  rawBody: string | null;
  headers: Record<string, string>;
}

/**
 * A verified notification: either the provider's statement itself (Nexi's MAC-signed fields), or
 * only which payment to look at again, because the provider wants to be asked (Axerve detail,
 * PayPal order). `providerRef` is known even when the report still has to be fetched.
 */
export interface VerifiedNotification {
  providerRef: string;
  report: PaymentReport | null;
}

export interface KnownPayment {
  providerRef: string;
  reference: string;
  token: string | null;
}

/** A refund to ask the provider for (amounts in integer cents). */
export interface RefundRequest {
  payment: KnownPayment & { amountCents: number; currency: string; authorizationCode: string | null };
  amountCents: number;
  currency: string;
  /** Ours, the same on every resend of one attempt (Nexi Idempotency-Key, PayPal-Request-Id). */
  key: string;
  reason: string;
  /** The provider's id of this refund, when an earlier send got as far as learning it. */
  providerRef: string | null;
  /** Cents of this payment we know were refunded by other refunds (Axerve counts its refund events against it). */
  otherRefundedCents: number;
}

/** What the provider said of a refund: `pending` settles later (ask again with `refundStatus`). */
export interface RefundReport {
  outcome: 'approved' | 'refused' | 'pending';
  providerRef: string | null;
  detail: string | null;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Opens a payment at the provider for the order's amount. Throws ProviderError when it refuses. */
  create(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** Checks a notification's signature (or asks the provider). Throws NotificationRejected when it is not genuine. */
  verifyNotification(notification: InboundNotification): Promise<VerifiedNotification>;
  /**
   * Asks the provider where a payment stands, completing it when the protocol wants the merchant
   * to (PayPal capture of an approved order). Null when the provider has no such call (Nexi HPP).
   */
  reconcile(payment: KnownPayment): Promise<PaymentReport | null>;
  /**
   * Asks for a refund, idempotently: sending the same `key` again never refunds twice (the
   * provider's idempotency header, or — Axerve has none — its record of refunds read first).
   * Throws ProviderUnreachable when the answer is unknown: the refund stays to be asked again.
   */
  refund(request: RefundRequest): Promise<RefundReport>;
  /** Where a refund stands now (pending ones settle later). */
  refundStatus(request: RefundRequest): Promise<RefundReport>;
}

/** The provider answered a request with an error (spec §8: shown as '{description} E{code}'). */
export class ProviderError extends Error {
  constructor(
    readonly code: string,
    readonly description: string,
  ) {
    super(`${description} (${code})`);
    this.name = 'ProviderError';
  }
}

/** A notification that is not genuine or does not fit: refused and logged, never acted upon. */
export class NotificationRejected extends Error {
  constructor(
    readonly reason: string,
    readonly providerRef: string | null = null,
  ) {
    super(reason);
    this.name = 'NotificationRejected';
  }
}

/** Euro cents → '12.50' (Axerve amount, PayPal value). */
export function centsToDecimal(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** '12.50' / '12.5' / '12' → cents; null when it is not a plain non-negative decimal. */
export function decimalToCents(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Appends query parameters to a URL that may already have some. */
export function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}
