import { paymentProviderMessages } from '@farmacia/contract';
import type { HttpClient } from './http.js';
import { jsonOf } from './http.js';
import type { CreatedPayment, CreatePaymentInput, InboundNotification, KnownPayment, PaymentOutcomeKind } from './provider.js';
import type { PaymentProvider, PaymentReport, VerifiedNotification } from './provider.js';
import { centsToDecimal, decimalToCents, NotificationRejected, ProviderError } from './provider.js';
import type { RefundReport, RefundRequest } from './provider.js';

/**
 * Axerve E-commerce Solutions (GestPay) REST API v1. The server creates the payment
 * (`POST payment/create`, header `Authorization: apikey …`) and gets a `paymentToken`; the app
 * posts the card straight to `payment/submit` with that token (the card never reaches us); the
 * answer may ask for a 3-D Secure redirect. Axerve then calls the merchant's server-to-server URL
 * with `a` (shopLogin) and `b` (the payment): the call itself proves nothing, so the merchant
 * asks `GET payment/detail/{paymentID}` with its API key and trusts only that answer.
 */

export interface GestpayConfig {
  /** API base, e.g. https://ecomms2s.sella.it/api/v1 (sandbox: https://sandbox.gestpay.net/api/v1). */
  apiUrl: string;
  shopLogin: string;
  apiKey: string;
}

interface AxerveEnvelope {
  error?: { code?: unknown; description?: unknown };
  payload?: Record<string, unknown>;
}

function envelopeOf(value: unknown): AxerveEnvelope | undefined {
  return value && typeof value === 'object' ? (value as AxerveEnvelope) : undefined;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));

/**
 * `transactionResult` of payment/detail: APPROVED (OK) paid, DECLINED (KO) refused, PENDING (XX)
 * waiting for the bank; UNSUBMITTED (no card yet) and WAITING (3-D Secure under way) decided nothing.
 */
export function gestpayOutcome(transactionResult: string): PaymentOutcomeKind {
  switch (transactionResult.toUpperCase()) {
    case 'OK':
    case 'APPROVED':
      return 'approved';
    case 'KO':
    case 'DECLINED':
      return 'refused';
    case 'PENDING':
    case 'XX':
      return 'pending';
    default:
      return 'open';
  }
}

/** The authorised amount of payment/detail: from the AUTHORIZED (or settled) event of its history. */
function authorisedCents(payload: Record<string, unknown>): number | null {
  const direct = decimalToCents(payload.amount);
  if (direct !== null) return direct;
  const events = Array.isArray(payload.events) ? payload.events : [];
  for (const entry of events) {
    const event = (entry as { event?: Record<string, unknown> })?.event;
    if (!event) continue;
    const type = str(event.eventtype).toUpperCase();
    if (type === 'AUTHORIZED' || type === 'MOV' || type === 'SETTLED') {
      const cents = decimalToCents(event.eventamount);
      if (cents !== null) return cents;
    }
  }
  return null;
}

export class GestpayProvider implements PaymentProvider {
  readonly name = 'gestpay' as const;

  constructor(
    private readonly config: GestpayConfig,
    private readonly http: HttpClient,
  ) {}

  private get authorization() {
    return `apikey ${this.config.apiKey}`;
  }

  async create(input: CreatePaymentInput): Promise<CreatedPayment> {
    const response = await this.http({
      method: 'POST',
      url: `${this.config.apiUrl}/payment/create/`,
      headers: { 'content-type': 'application/json', authorization: this.authorization },
      body: JSON.stringify({
        shopLogin: this.config.shopLogin,
        amount: centsToDecimal(input.order.amountCents),
        currency: input.order.currency,
        shopTransactionID: input.reference,
        buyerName: input.order.buyer.name,
        buyerEmail: input.order.buyer.email,
        languageId: '1',
        responseURLs: {
          buyerOK: input.urls.buyerOk,
          buyerKO: input.urls.buyerKo,
          serverNotificationURL: input.urls.notification,
        },
      }),
    });
    const envelope = envelopeOf(jsonOf(response));
    const code = str(envelope?.error?.code);
    if (!envelope || code === '') throw new ProviderError('EGATEWAY', paymentProviderMessages.answerInvalid);
    if (code !== '0') throw new ProviderError(code, str(envelope.error?.description));
    const paymentToken = str(envelope.payload?.paymentToken);
    const paymentID = str(envelope.payload?.paymentID);
    if (!paymentToken || !paymentID) throw new ProviderError('EGATEWAY', paymentProviderMessages.answerIncomplete);
    return {
      providerRef: paymentID,
      token: paymentToken,
      submit: `${this.config.apiUrl}/payment/submit`,
      payload: {
        paymentToken,
        paymentID,
        shopLogin: this.config.shopLogin,
        buyer: input.order.buyer,
        amount: centsToDecimal(input.order.amountCents),
        currency: input.order.currency,
      },
    };
  }

  /** The notification only names the payment; the detail call (with our API key) is the statement. */
  async verifyNotification(notification: InboundNotification): Promise<VerifiedNotification> {
    const shopLogin = notification.query.a ?? '';
    const paymentID = notification.query.b ?? notification.query.paymentID ?? '';
    if (!paymentID) throw new NotificationRejected(paymentProviderMessages.paymentMissing);
    if (shopLogin !== this.config.shopLogin) throw new NotificationRejected(paymentProviderMessages.axerve.otherShopLogin, paymentID);
    const report = await this.detail(paymentID);
    if (!report) throw new NotificationRejected(paymentProviderMessages.paymentUnknown, paymentID);
    return { providerRef: paymentID, report };
  }

  async reconcile(payment: KnownPayment): Promise<PaymentReport | null> {
    return this.detail(payment.providerRef);
  }

  /** `GET payment/detail/{paymentID}`: null when Axerve does not know the payment. */
  private async detail(paymentID: string): Promise<PaymentReport | null> {
    const payload = await this.detailPayload(paymentID);
    if (!payload || str(payload.paymentID) !== paymentID) return null;
    return {
      providerRef: paymentID,
      outcome: gestpayOutcome(str(payload.transactionResult)),
      amountCents: authorisedCents(payload),
      currency: str(payload.currency) || null,
      reference: str(payload.shopTransactionID) || null,
      authorizationCode: str(payload.authorizationCode) || null,
      detail: str(payload.transactionErrorDescription) || null,
    };
  }

  /** payment/detail's raw payload (null when Axerve does not know the payment). */
  private async detailPayload(paymentID: string): Promise<Record<string, unknown> | null> {
    const response = await this.http({
      method: 'GET',
      url: `${this.config.apiUrl}/payment/detail/${encodeURIComponent(paymentID)}`,
      headers: { authorization: this.authorization },
    });
    const envelope = envelopeOf(jsonOf(response));
    const code = str(envelope?.error?.code);
    if (!envelope || code === '') throw new ProviderError('EGATEWAY', paymentProviderMessages.answerInvalid);
    if (code !== '0') {
      if (response.status === 404 || response.status === 400) return null;
      throw new ProviderError(code, str(envelope.error?.description));
    }
    return envelope.payload ?? {};
  }

  /**
   * `POST payment/refund` (shopLogin, amount, currency, bankTransactionID, shopTransactionID,
   * paymentID, refundReason; `Authorization: apikey`). Axerve takes no idempotency key, so the
   * payment's detail is read first: when its REFUND events already hold more than the refunds
   * we know of, this one went through before (its answer was lost) and is not sent again. One
   * refund in flight per order (decision 0515) makes the count unambiguous.
   */
  async refund(request: RefundRequest): Promise<RefundReport> {
    const detail = await this.detailPayload(request.payment.providerRef);
    if (!detail) return { outcome: 'refused', providerRef: null, detail: paymentProviderMessages.axerve.paymentUnknown };
    const already = gestpayRefundState(detail, request);
    if (already) return already;
    const response = await this.http({
      method: 'POST',
      url: `${this.config.apiUrl}/payment/refund`,
      headers: { 'content-type': 'application/json', authorization: this.authorization },
      body: JSON.stringify({
        shopLogin: this.config.shopLogin,
        amount: centsToDecimal(request.amountCents),
        currency: request.currency,
        bankTransactionID: str(detail.bankTransactionID),
        shopTransactionID: request.payment.reference,
        paymentID: request.payment.providerRef,
        refundReason: request.reason.slice(0, 255),
        chargeBackFraud: 'N',
      }),
    });
    const envelope = envelopeOf(jsonOf(response));
    const code = str(envelope?.error?.code);
    if (!envelope || code === '') throw new ProviderError('EGATEWAY', paymentProviderMessages.answerInvalid);
    const payload = envelope.payload ?? {};
    const result = str(payload.transactionResult).toUpperCase();
    if (code !== '0' || result === 'KO') {
      if (response.status >= 500) throw new ProviderError(code, str(envelope.error?.description));
      return { outcome: 'refused', providerRef: null, detail: `${str(payload.transactionErrorDescription) || str(envelope.error?.description)} (${str(payload.transactionErrorCode) || code})` };
    }
    return { outcome: result === 'XX' ? 'pending' : 'approved', providerRef: str(payload.refundID) || null, detail: null };
  }

  /** Where the refund stands, from the payment's REFUND events; not there yet → sent now. */
  async refundStatus(request: RefundRequest): Promise<RefundReport> {
    const detail = await this.detailPayload(request.payment.providerRef);
    if (!detail) return { outcome: 'refused', providerRef: null, detail: paymentProviderMessages.axerve.paymentUnknown };
    return gestpayRefundState(detail, request) ?? this.refund(request);
  }
}

/**
 * What payment/detail's events say of a refund: its own event when the provider's id is known,
 * else any refund beyond the ones we know of (approved or pending); null when Axerve has none.
 */
function gestpayRefundState(detail: Record<string, unknown>, request: RefundRequest): RefundReport | null {
  const events = (Array.isArray(detail.events) ? detail.events : [])
    .map((entry) => (entry as { event?: Record<string, unknown> })?.event ?? {})
    .filter((e) => str(e.eventtype).toUpperCase() === 'REFUND');
  const statusOf = (e: Record<string, unknown>) => str(e.eventstatus).toUpperCase();
  const reportOf = (e: Record<string, unknown>): RefundReport => ({
    outcome: statusOf(e) === 'PENDING' ? 'pending' : statusOf(e) === 'KO' ? 'refused' : 'approved',
    providerRef: str(e.eventid) || null,
    detail: statusOf(e) === 'KO' ? paymentProviderMessages.axerve.refundRefused : null,
  });
  if (request.providerRef) {
    const own = events.find((e) => str(e.eventid) === request.providerRef);
    // Axerve answered with this id: it knows the refund, even if its detail is late to list it.
    return own ? reportOf(own) : { outcome: 'pending', providerRef: request.providerRef, detail: null };
  }
  const holding = events.filter((e) => statusOf(e) !== 'KO');
  const total = holding.reduce((sum, e) => sum + (decimalToCents(e.eventamount) ?? 0), 0);
  const last = holding.at(-1);
  return last && total - request.otherRefundedCents >= request.amountCents ? reportOf(last) : null;
}
