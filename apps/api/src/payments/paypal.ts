import { paymentProviderMessages } from '@farmacia/contract';
import { type HttpClient, jsonOf } from './http.js';
import { centsToDecimal, decimalToCents, NotificationRejected, ProviderError } from './provider.js';
import type { CreatedPayment, CreatePaymentInput, InboundNotification, KnownPayment, PaymentProvider, PaymentReport, RefundReport, RefundRequest, VerifiedNotification } from './provider.js';

/**
 * PayPal Orders v2. OAuth2 client credentials (`POST /v1/oauth2/token`), then
 * `POST /v2/checkout/orders` (intent CAPTURE, the amount in `purchase_units`) gives the order id
 * and the link where the buyer approves. Approval alone moves no money: the merchant captures
 * (`POST /v2/checkout/orders/{id}/capture`) server-to-server and the capture's answer is the
 * statement. Webhooks are verified with `POST /v1/notifications/verify-webhook-signature` and
 * only tell us which order to look at again.
 */

export interface PaypalConfig {
  /** REST base, e.g. https://api-m.paypal.com (sandbox: https://api-m.sandbox.paypal.com). */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
}

interface CachedToken {
  token: string;
  expiresAt: number;
}

/** Access tokens live hours; one per credentials, renewed a minute before they expire. */
const tokenCache = new Map<string, CachedToken>();

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The PayPal error's name and first issue, for logs and the app's '{description} E{code}'. */
function paypalError(status: number, body: unknown): ProviderError {
  const b = obj(body);
  const issue = str(obj(arr(b.details)[0]).issue);
  return new ProviderError(issue || str(b.name) || str(b.error) || String(status), str(b.message) || str(b.error_description) || paymentProviderMessages.paypal.error);
}

/** What an order (after capture, or as read) says about the money. */
export function paypalReport(order: Json): PaymentReport {
  const unit = obj(arr(order.purchase_units)[0]);
  const capture = obj(arr(obj(unit.payments).captures)[0]);
  const amount = obj(capture.amount ?? unit.amount);
  const status = str(order.status);
  const captureStatus = str(capture.status);
  // Created or approved but not captured: nothing decided yet.
  let outcome: PaymentReport['outcome'] = 'open';
  if (captureStatus === 'COMPLETED') outcome = 'approved';
  else if (captureStatus === 'DECLINED' || captureStatus === 'FAILED') outcome = 'refused';
  else if (captureStatus === 'PENDING') outcome = 'pending';
  else if (status === 'VOIDED') outcome = 'cancelled';
  return {
    providerRef: str(order.id),
    outcome,
    amountCents: decimalToCents(amount.value),
    currency: str(amount.currency_code) || null,
    reference: str(capture.custom_id) || str(unit.custom_id) || null,
    authorizationCode: str(capture.id) || null,
    detail: str(obj(capture.status_details).reason) || null,
  };
}

export class PaypalProvider implements PaymentProvider {
  readonly name = 'paypal' as const;

  constructor(
    private readonly config: PaypalConfig,
    private readonly http: HttpClient,
  ) {}

  private async accessToken(): Promise<string> {
    // The secret is part of the key: new credentials (or another server's sandbox) never reuse a token.
    const key = `${this.config.apiUrl}|${this.config.clientId}|${this.config.clientSecret}`;
    const cached = tokenCache.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    const response = await this.http({
      method: 'POST',
      url: `${this.config.apiUrl}/v1/oauth2/token`,
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'grant_type=client_credentials',
    });
    const body = obj(jsonOf(response));
    const token = str(body.access_token);
    if (response.status !== 200 || !token) throw paypalError(response.status, body);
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 300;
    tokenCache.set(key, { token, expiresAt: Date.now() + Math.max(0, seconds - 60) * 1000 });
    return token;
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown, requestId?: string) {
    const token = await this.accessToken();
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    if (requestId) headers['paypal-request-id'] = requestId;
    const response = await this.http({
      method,
      url: `${this.config.apiUrl}${path}`,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: obj(jsonOf(response)) };
  }

  async create(input: CreatePaymentInput): Promise<CreatedPayment> {
    const { status, body } = await this.call(
      'POST',
      '/v2/checkout/orders',
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: `order-${input.order.orderId}`,
            custom_id: input.reference,
            invoice_id: input.reference,
            description: input.order.description.slice(0, 127),
            amount: { currency_code: input.order.currency, value: centsToDecimal(input.order.amountCents) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: input.urls.buyerOk,
              cancel_url: input.urls.buyerKo,
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
              locale: 'it-IT',
            },
          },
        },
      },
      `create-${input.reference}`,
    );
    if (status !== 200 && status !== 201) throw paypalError(status, body);
    const id = str(body.id);
    const approve = arr(body.links)
      .map(obj)
      .find((link) => link.rel === 'payer-action' || link.rel === 'approve');
    if (!id || !approve || !str(approve.href)) throw new ProviderError('EGATEWAY', paymentProviderMessages.paypal.answerIncomplete);
    return { providerRef: id, token: null, submit: str(approve.href), payload: { token: id } };
  }

  /** A webhook is genuine when PayPal says so; it then names the order to look at again. */
  async verifyNotification(notification: InboundNotification): Promise<VerifiedNotification> {
    const event = obj(notification.body);
    const h = notification.headers;
    const { status, body } = await this.call('POST', '/v1/notifications/verify-webhook-signature', {
      auth_algo: h['paypal-auth-algo'] ?? '',
      cert_url: h['paypal-cert-url'] ?? '',
      transmission_id: h['paypal-transmission-id'] ?? '',
      transmission_sig: h['paypal-transmission-sig'] ?? '',
      transmission_time: h['paypal-transmission-time'] ?? '',
      webhook_id: this.config.webhookId,
      webhook_event: event,
    });
    const resource = obj(event.resource);
    const orderId =
      str(resource.resource_type) === 'checkout-order' || str(event.resource_type) === 'checkout-order'
        ? str(resource.id)
        : str(obj(obj(resource.supplementary_data).related_ids).order_id) || str(resource.id);
    if (status !== 200 || str(body.verification_status) !== 'SUCCESS') {
      throw new NotificationRejected(paymentProviderMessages.paypal.badSignature, orderId || null);
    }
    if (!orderId) throw new NotificationRejected(paymentProviderMessages.paypal.orderMissing);
    return { providerRef: orderId, report: null };
  }

  /**
   * Where the order stands: approved by the buyer → capture it now (idempotent through
   * PayPal-Request-Id, so a webhook and a browser return racing each other capture once).
   */
  async reconcile(payment: KnownPayment): Promise<PaymentReport | null> {
    const read = await this.call('GET', `/v2/checkout/orders/${encodeURIComponent(payment.providerRef)}`);
    if (read.status === 404) return null;
    if (read.status !== 200) throw paypalError(read.status, read.body);
    if (str(read.body.status) !== 'APPROVED') return paypalReport(read.body);
    const captured = await this.call(
      'POST',
      `/v2/checkout/orders/${encodeURIComponent(payment.providerRef)}/capture`,
      {},
      `capture-${payment.reference}`,
    );
    if (captured.status === 200 || captured.status === 201) return paypalReport(captured.body);
    const issue = str(obj(arr(captured.body.details)[0]).issue);
    if (issue === 'INSTRUMENT_DECLINED' || issue === 'PAYER_ACTION_REQUIRED') {
      return { ...paypalReport(read.body), outcome: 'refused', detail: issue };
    }
    if (issue === 'ORDER_ALREADY_CAPTURED') {
      const again = await this.call('GET', `/v2/checkout/orders/${encodeURIComponent(payment.providerRef)}`);
      return paypalReport(again.body);
    }
    throw paypalError(captured.status, captured.body);
  }

  /**
   * `POST /v2/payments/captures/{capture_id}/refund` with `PayPal-Request-Id`: a resend with the
   * same id answers the first refund instead of making another. COMPLETED → approved, PENDING →
   * pending (read again with `GET /v2/payments/refunds/{id}`), FAILED/CANCELLED or a 422 → refused.
   */
  async refund(request: RefundRequest): Promise<RefundReport> {
    const captureId = request.payment.authorizationCode;
    if (!captureId) return { outcome: 'refused', providerRef: null, detail: paymentProviderMessages.paypal.captureUnknown };
    const { status, body } = await this.call(
      'POST',
      `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
      {
        amount: { value: centsToDecimal(request.amountCents), currency_code: request.currency },
        invoice_id: request.key,
        note_to_payer: request.reason.slice(0, 255),
      },
      request.key,
    );
    if (status === 200 || status === 201) return paypalRefundReport(body);
    if (status >= 400 && status < 500 && status !== 401 && status !== 429) {
      const error = paypalError(status, body);
      return { outcome: 'refused', providerRef: null, detail: `${error.description} (${error.code})` };
    }
    throw paypalError(status, body);
  }

  async refundStatus(request: RefundRequest): Promise<RefundReport> {
    // Never answered: the same PayPal-Request-Id again is the way to learn what became of it.
    if (!request.providerRef) return this.refund(request);
    const { status, body } = await this.call('GET', `/v2/payments/refunds/${encodeURIComponent(request.providerRef)}`);
    if (status !== 200) throw paypalError(status, body);
    return paypalRefundReport(body);
  }
}

/** A refund resource's status as ours. */
export function paypalRefundReport(refund: Json): RefundReport {
  const status = str(refund.status);
  const outcome: RefundReport['outcome'] = status === 'COMPLETED' ? 'approved' : status === 'PENDING' ? 'pending' : 'refused';
  return { outcome, providerRef: str(refund.id) || null, detail: str(obj(refund.status_details).reason) || (outcome === 'refused' ? status : null) };
}
