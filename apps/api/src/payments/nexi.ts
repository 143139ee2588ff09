import { createHash, timingSafeEqual } from 'node:crypto';
import {
  type CreatedPayment,
  type CreatePaymentInput,
  type InboundNotification,
  NotificationRejected,
  type PaymentOutcomeKind,
  type PaymentProvider,
  type PaymentReport,
  type VerifiedNotification,
} from './provider.js';

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
    if (value(name) === undefined) throw new NotificationRejected(`campo mancante: ${name}`, codTrans);
  }
  const f = Object.fromEntries(OUTCOME_FIELDS.map((n) => [n, value(n) as string])) as unknown as NexiOutcomeFields;
  if (!macEquals(nexiOutcomeMac(f, config.macKey), value('mac') as string)) {
    throw new NotificationRejected('MAC non valido', codTrans);
  }
  const alias = value('alias');
  if (alias !== undefined && alias !== config.alias) throw new NotificationRejected('alias diverso', codTrans);
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

  constructor(private readonly config: NexiConfig) {}

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
}

