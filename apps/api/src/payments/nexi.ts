import { createHash, timingSafeEqual } from 'node:crypto';
import { randomUUID } from 'node:crypto';
import { fillMessage, paymentProviderMessages } from '@farmacia/contract';
import { type HttpClient, jsonOf } from './http.js';
import { NotificationRejected, ProviderError } from './provider.js';
import type { CreatedPayment, CreatePaymentInput, InboundNotification, PaymentOutcomeKind, PaymentProvider, PaymentReport, RefundReport, RefundRequest, VerifiedNotification } from './provider.js';

/**
 * Nexi XPay, hosted payment page ("pagamento semplice"): the app posts a MAC-signed form to the
 * DispatcherServlet; Nexi shows its page, then calls `urlpost` server-to-server with the outcome
 * signed by a second MAC, and sends the buyer back to `url` (or `url_back` if they give up).
 * MAC = SHA-1 (hex) of the `name=value` pairs concatenated in a fixed order, then the secret key.
 */

export interface NexiConfig {
  /** The DispatcherServlet URL of the hosted payment page. */
  url: string;
  alias: string;
  macKey: string;
  /** The XPay REST API (refunds): base URL and the terminal's X-Api-Key; null when the shop gave none. */
  apiUrl?: string;
  apiKey?: string | null;
}

/** Nexi wants euro as 'EUR' and the amount in cents, no separator. */
const DIVISA = 'EUR';

const sha1 = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex');

/** MAC of a payment request: codTrans, divisa, importo. */
export function nexiRequestMac(fields: { codTrans: string; divisa: string; importo: string }, macKey: string): string {
  return sha1(`codTrans=${fields.codTrans}divisa=${fields.divisa}importo=${fields.importo}${macKey}`);
}

/** The fields of an outcome the MAC covers, in the order it covers them. */
export interface NexiOutcomeFields {
  codTrans: string;
  esito: string;
  importo: string;
  divisa: string;
  data: string;
  orario: string;
  codAut: string;
}

/** MAC of an outcome (notification and browser return): codTrans, esito, importo, divisa, data, orario, codAut. */
export function nexiOutcomeMac(f: NexiOutcomeFields, macKey: string): string {
  return sha1(
    `codTrans=${f.codTrans}esito=${f.esito}importo=${f.importo}divisa=${f.divisa}data=${f.data}orario=${f.orario}codAut=${f.codAut}${macKey}`,
  );
}

export function macEquals(a: string, b: string): boolean {
  const x = Buffer.from(a.toLowerCase());
  const y = Buffer.from(b.toLowerCase());
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Nexi `esito`: OK paid, KO refused, ANNULLO given up, ERRORE failed, PEN waiting for the bank. */
export function nexiOutcome(esito: string): PaymentOutcomeKind {
  switch (esito.toUpperCase()) {
    case 'OK':
      return 'approved';
    case 'PEN':
      return 'pending';
    case 'ANNULLO':
      return 'cancelled';
    default:
      return 'refused';
  }
}

const OUTCOME_FIELDS = ['codTrans', 'esito', 'importo', 'divisa', 'data', 'orario', 'codAut'] as const;

/** Reads and checks a signed outcome (form fields or query): the statement, or why it is not genuine. */
export function verifyNexiOutcome(fields: Record<string, unknown>, config: NexiConfig): PaymentReport {
  const value = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : undefined);
  const codTrans = value('codTrans') ?? null;
  for (const name of [...OUTCOME_FIELDS, 'mac']) {
    // codAut is empty on a refusal, but it must be there for the MAC.
    if (value(name) === undefined) throw new NotificationRejected(fillMessage(paymentProviderMessages.nexi.fieldMissing, { field: name }), codTrans);
  }
  const f = Object.fromEntries(OUTCOME_FIELDS.map((n) => [n, value(n) as string])) as unknown as NexiOutcomeFields;
  if (!macEquals(nexiOutcomeMac(f, config.macKey), value('mac') as string)) {
    throw new NotificationRejected(paymentProviderMessages.nexi.badMac, codTrans);
  }
  const alias = value('alias');
  if (alias !== undefined && alias !== config.alias) throw new NotificationRejected(paymentProviderMessages.nexi.otherAlias, codTrans);
  const cents = /^\d{1,9}$/.test(f.importo) ? Number(f.importo) : null;
  return {
    providerRef: f.codTrans,
    outcome: nexiOutcome(f.esito),
    amountCents: cents,
    currency: f.divisa,
    reference: f.codTrans,
    authorizationCode: f.codAut || null,
    detail: value('messaggio') ?? null,
  };
}

export class NexiProvider implements PaymentProvider {
  readonly name = 'nexi' as const;

  constructor(
    private readonly config: NexiConfig,
    private readonly http?: HttpClient,
  ) {}

  async create(input: CreatePaymentInput): Promise<CreatedPayment> {
    const importo = String(input.order.amountCents);
    const codTrans = input.reference;
    const payload: Record<string, string> = {
      alias: this.config.alias,
      importo,
      divisa: DIVISA,
      codTrans,
      url: input.urls.browserReturn,
      url_back: input.urls.browserBack,
      urlpost: input.urls.notification,
      mail: input.order.buyer.email,
      languageId: 'ITA',
      descrizione: input.order.description,
      mac: nexiRequestMac({ codTrans, divisa: DIVISA, importo }, this.config.macKey),
    };
    // Nothing to call: the signed form is the request, the browser takes it to Nexi.
    return { providerRef: codTrans, token: null, submit: this.config.url, payload };
  }

  async verifyNotification(notification: InboundNotification): Promise<VerifiedNotification> {
    const fields = (notification.body && typeof notification.body === 'object' ? notification.body : notification.query) as Record<
      string,
      unknown
    >;
    const report = verifyNexiOutcome(fields, this.config);
    return { providerRef: report.providerRef, report };
  }

  async reconcile(): Promise<PaymentReport | null> {
    return null;
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string) {
    const headers: Record<string, string> = {
      'x-api-key': this.config.apiKey ?? '',
      'correlation-id': randomUUID(),
      'content-type': 'application/json',
    };
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    if (!this.http || !this.config.apiUrl) throw new ProviderError('CONFIG', paymentProviderMessages.nexi.apiNotConfigured);
    const response = await this.http({
      method,
      url: `${this.config.apiUrl}${path}`,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (jsonOf(response) ?? {}) as Record<string, unknown> };
  }

  /**
   * XPay REST refunds act on an operation: `GET /orders/{orderId}` (our codTrans) names the
   * payment's captured operation, `POST /operations/{operationId}/refunds` with an
   * `Idempotency-Key` refunds part or all of it (the same key again is the same refund), and
   * `GET /operations/{refundOperationId}` tells its result: EXECUTED, PENDING, or a failure.
   */
  async refund(request: RefundRequest): Promise<RefundReport> {
    if (!this.config.apiKey) return { outcome: 'refused', providerRef: null, detail: paymentProviderMessages.nexi.apiKeyNotConfigured };
    const order = await this.call('GET', `/orders/${encodeURIComponent(request.payment.providerRef)}`);
    if (order.status === 404) return { outcome: 'refused', providerRef: null, detail: paymentProviderMessages.nexi.orderUnknown };
    if (order.status !== 200) throw nexiError(order.status, order.body);
    const operations = Array.isArray(order.body.operations) ? (order.body.operations as Array<Record<string, unknown>>) : [];
    const paid = operations.find(
      (o) => ['CAPTURE', 'AUTHORIZATION'].includes(String(o.operationType)) && ['EXECUTED', 'AUTHORIZED'].includes(String(o.operationResult)),
    );
    if (!paid) return { outcome: 'refused', providerRef: null, detail: paymentProviderMessages.nexi.nothingRefundable };
    const refund = await this.call(
      'POST',
      `/operations/${encodeURIComponent(String(paid.operationId))}/refunds`,
      { amount: String(request.amountCents), currency: request.currency, description: request.reason.slice(0, 255) },
      request.key,
    );
    if (refund.status >= 400 && refund.status < 500 && refund.status !== 401 && refund.status !== 429) {
      const error = nexiError(refund.status, refund.body);
      return { outcome: 'refused', providerRef: null, detail: `${error.description} (${error.code})` };
    }
    if (refund.status !== 200) throw nexiError(refund.status, refund.body);
    const operationId = typeof refund.body.operationId === 'string' ? refund.body.operationId : '';
    if (!operationId) throw new ProviderError('EGATEWAY', paymentProviderMessages.nexi.answerIncomplete);
    return this.operationReport(operationId);
  }

  async refundStatus(request: RefundRequest): Promise<RefundReport> {
    // No operation id yet: the same Idempotency-Key again answers the refund it already made.
    return request.providerRef ? this.operationReport(request.providerRef) : this.refund(request);
  }

  private async operationReport(operationId: string): Promise<RefundReport> {
    const read = await this.call('GET', `/operations/${encodeURIComponent(operationId)}`);
    if (read.status !== 200) throw nexiError(read.status, read.body);
    const result = String(read.body.operationResult ?? '');
    const outcome: RefundReport['outcome'] = result === 'EXECUTED' ? 'approved' : result === 'PENDING' ? 'pending' : 'refused';
    return { outcome, providerRef: operationId, detail: outcome === 'refused' ? result : null };
  }
}

/** XPay REST errors: `{ errors: [{ code, description }] }`. */
function nexiError(status: number, body: Record<string, unknown>): ProviderError {
  const first = (Array.isArray(body.errors) ? body.errors[0] : undefined) as { code?: unknown; description?: unknown } | undefined;
  return new ProviderError(String(first?.code ?? status), String(first?.description ?? paymentProviderMessages.nexi.error));
}
