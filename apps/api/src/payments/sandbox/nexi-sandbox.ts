import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHttpClient } from '../http.js';
import { macEquals, nexiOutcomeMac, nexiRequestMac } from '../nexi.js';
import { buyerRedirect, findMerchant, randomCode, romeStamp } from './merchants.js';
import { CANCEL_CHOICE, decisionButtons, detailIf, sendPage } from './pages.js';
import { findSandboxRefund, makeSandboxRefund, type RefundableData } from './refunds.js';
import * as store from './sandbox.repository.js';

/**
 * Nexi XPay hosted payment page, as the sandbox plays it: `POST …/DispatcherServlet` with the
 * signed form shows a page whose buttons decide (pay, refuse, leave pending, give up); the
 * outcome is posted to `urlpost` with its MAC, then the buyer goes back to `url` (or `url_back`).
 */

export interface NexiSandboxData extends RefundableData {
  url: string;
  url_back: string;
  urlpost: string;
  descrizione: string | null;
  mail: string | null;
  codAut: string;
  esito: string | null;
  data: string | null;
  orario: string | null;
  notifications: Array<{ at: string; status: number | null; esito: string }>;
}

const BRAND = 'Nexi XPay';
const ESITO_BY_DECISION: Record<string, string> = { approve: 'OK', refuse: 'KO', pending: 'PEN' };

type Fields = Record<string, string | undefined>;

function errorPage(reply: FastifyReply, status: number, message: string) {
  return sendPage(reply, { brand: BRAND, title: 'Pagamento non disponibile', message, error: true }, status);
}

/** The signed outcome fields Nexi sends to urlpost and appends to url. */
function outcomeFields(payment: store.SandboxPayment<NexiSandboxData>, alias: string, macKey: string) {
  const d = payment.data;
  const f = {
    codTrans: payment.ref,
    esito: d.esito ?? 'KO',
    importo: String(payment.amount_cents),
    divisa: payment.currency,
    data: d.data ?? '',
    orario: d.orario ?? '',
    codAut: d.codAut,
  };
  return {
    alias,
    ...f,
    mac: nexiOutcomeMac(f, macKey),
    codiceEsito: f.esito === 'OK' ? '0' : f.esito === 'PEN' ? '0' : '103',
    messaggio: f.esito === 'OK' ? 'Message OK' : f.esito === 'PEN' ? 'Pagamento in attesa' : 'Autorizzazione negata',
    brand: 'VISA',
    pan: '411111******1111',
    mail: d.mail ?? '',
  };
}

/** Posts the outcome to the merchant's urlpost and records how it answered. */
export async function notifyNexiMerchant(app: FastifyInstance, payment: store.SandboxPayment<NexiSandboxData>): Promise<void> {
  const merchant = await findMerchant(app, 'nexi', (c) => c.alias === payment.merchant);
  if (!merchant) return;
  const fields = outcomeFields(payment, merchant.config.alias, merchant.config.macKey);
  let status: number | null = null;
  try {
    const response = await createHttpClient(app)({
      method: 'POST',
      url: payment.data.urlpost,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    status = response.status;
  } catch (error) {
    app.log.warn({ err: error, codTrans: payment.ref }, 'sandbox: nexi notification failed');
  }
  const data = { ...payment.data, notifications: [...payment.data.notifications, { at: new Date().toISOString(), status, esito: fields.esito }] };
  await store.saveSandboxData(app.db, payment.id, data);
}

/** Settles a payment left pending (esito PEN) the way the bank eventually would. */
export async function settleNexi(app: FastifyInstance, codTrans: string, approve: boolean): Promise<boolean> {
  const payment = await store.findSandboxPayment<NexiSandboxData>(app.db, 'nexi', codTrans);
  if (payment?.state !== 'pending') return false;
  const stamp = romeStamp();
  const esito = approve ? 'OK' : 'KO';
  const updated = await store.updateSandboxPayment(app.db, payment.id, 'pending', {
    state: approve ? 'approved' : 'refused',
    data: { ...payment.data, esito, ...stamp, codAut: approve ? randomCode(6) : '' },
  });
  if (!updated) return false;
  await notifyNexiMerchant(app, updated);
  return true;
}

export async function nexiSandboxRoutes(app: FastifyInstance): Promise<void> {
  app.post('/ecomm/ecomm/DispatcherServlet', async (request, reply) => {
    const f = (request.body ?? {}) as Fields;
    const required = ['alias', 'importo', 'divisa', 'codTrans', 'url', 'url_back', 'mac'] as const;
    const missing = required.filter((k) => !f[k]);
    if (missing.length > 0) return errorPage(reply, 400, `Parametri mancanti: ${missing.join(', ')}.`);
    const merchant = await findMerchant(app, 'nexi', (c) => c.alias === f.alias);
    if (!merchant) return errorPage(reply, 400, 'Alias sconosciuto.');
    const fields = { codTrans: f.codTrans as string, divisa: f.divisa as string, importo: f.importo as string };
    if (!macEquals(nexiRequestMac(fields, merchant.config.macKey), f.mac as string)) {
      return errorPage(reply, 400, 'Errore MAC: la richiesta non è firmata correttamente.');
    }
    if (!/^\d{1,9}$/.test(fields.importo) || Number(fields.importo) <= 0) return errorPage(reply, 400, 'Importo non valido.');
    if (fields.divisa !== 'EUR') return errorPage(reply, 400, 'Divisa non supportata.');
    if (!/^[A-Za-z0-9_-]{2,30}$/.test(fields.codTrans)) return errorPage(reply, 400, 'codTrans non valido.');
    const existing = await store.findSandboxPayment<NexiSandboxData>(app.db, 'nexi', fields.codTrans);
    if (existing && existing.state !== 'created') return errorPage(reply, 409, 'codTrans già utilizzato.');
    const payment =
      existing ??
      (await store.insertSandboxPayment<NexiSandboxData>(app.db, {
        provider: 'nexi',
        ref: fields.codTrans,
        merchant: merchant.config.alias,
        token: null,
        state: 'created',
        amount_cents: Number(fields.importo),
        currency: fields.divisa,
        data: {
          url: f.url as string,
          url_back: f.url_back as string,
          urlpost: f.urlpost ?? '',
          descrizione: f.descrizione ?? null,
          mail: f.mail ?? null,
          codAut: '',
          esito: null,
          data: null,
          orario: null,
          notifications: [],
        },
      }));
    return sendPage(reply, {
      brand: BRAND,
      title: 'Pagamento con carta',
      amountCents: payment.amount_cents,
      details: [
        ['Esercente', payment.merchant],
        ['Codice transazione', payment.ref],
        ...detailIf('Descrizione', payment.data.descrizione),
      ],
      action: 'decision',
      hidden: { codTrans: payment.ref },
      buttons: decisionButtons(['approve', 'Paga'], ['refuse', 'Simula carta rifiutata'], ['pending', 'Simula pagamento in sospeso'], CANCEL_CHOICE),
    });
  });

  app.post('/ecomm/ecomm/decision', async (request, reply) => {
    const f = (request.body ?? {}) as Fields;
    const payment = f.codTrans ? await store.findSandboxPayment<NexiSandboxData>(app.db, 'nexi', f.codTrans) : undefined;
    if (!payment) return errorPage(reply, 404, 'Transazione sconosciuta.');
    if (payment.state !== 'created') return errorPage(reply, 409, 'La transazione è già stata conclusa.');
    if (f.decision === 'cancel') {
      const cancelled = await store.updateSandboxPayment(app.db, payment.id, 'created', {
        state: 'cancelled',
        data: { ...payment.data, esito: 'ANNULLO' },
      });
      if (!cancelled) return errorPage(reply, 409, 'La transazione è già stata conclusa.');
      return reply.redirect(
        buyerRedirect(app, payment.data.url_back, {
          codTrans: payment.ref,
          esito: 'ANNULLO',
          importo: String(payment.amount_cents),
          divisa: payment.currency,
        }),
        303,
      );
    }
    const esito = ESITO_BY_DECISION[f.decision ?? ''];
    if (!esito) return errorPage(reply, 400, 'Scelta non valida.');
    const stamp = romeStamp();
    const decided = await store.updateSandboxPayment(app.db, payment.id, 'created', {
      state: esito === 'OK' ? 'approved' : esito === 'PEN' ? 'pending' : 'refused',
      data: { ...payment.data, esito, ...stamp, codAut: esito === 'OK' ? randomCode(6) : '' },
    });
    if (!decided) return errorPage(reply, 409, 'La transazione è già stata conclusa.');
    // Server-to-server first, as Nexi does: the shop knows before the buyer is back.
    if (decided.data.urlpost) await notifyNexiMerchant(app, decided);
    const merchant = await findMerchant(app, 'nexi', (c) => c.alias === decided.merchant);
    const fields = outcomeFields(decided, decided.merchant, merchant?.config.macKey ?? '');
    return reply.redirect(buyerRedirect(app, decided.data.url, fields), 303);
  });

  registerNexiRestApi(app);
}

const API = '/api/phoenix-0.0/psp/api/v1';
const RESULT_OF = { approved: 'EXECUTED', pending: 'PENDING', refused: 'DECLINED' } as const;

const apiError = (reply: FastifyReply, status: number, code: string, description: string) =>
  reply.status(status).send({ errors: [{ code, description }] });

/**
 * The XPay REST API the refunds use: X-Api-Key of the terminal on every call, `Idempotency-Key`
 * on the refund. The captured operation of a payment is `{codTrans}-CAPTURE`.
 */
function registerNexiRestApi(app: FastifyInstance): void {
  const merchantOf = async (request: FastifyRequest) => {
    const key = request.headers['x-api-key'];
    return typeof key === 'string' && key ? findMerchant(app, 'nexi', (c) => c.apiKey === key) : undefined;
  };
  const ownPayment = async (request: FastifyRequest, codTrans: string) => {
    const merchant = await merchantOf(request);
    if (!merchant) return 'unauthorized' as const;
    const payment = await store.findSandboxPayment<NexiSandboxData>(app.db, 'nexi', codTrans);
    return payment && payment.merchant === merchant.config.alias ? payment : undefined;
  };

  app.get(`${API}/orders/:orderId`, async (request, reply) => {
    const payment = await ownPayment(request, (request.params as { orderId: string }).orderId);
    if (payment === 'unauthorized') return apiError(reply, 401, 'GW0001', 'Unauthorized');
    if (!payment) return apiError(reply, 404, 'GW0002', 'Order not found');
    const operations =
      payment.state === 'approved'
        ? [
            { operationId: `${payment.ref}-CAPTURE`, operationType: 'CAPTURE', operationResult: 'EXECUTED', operationAmount: String(payment.amount_cents), operationCurrency: payment.currency },
            ...(payment.data.refunds ?? []).map((r) => ({
              operationId: r.id,
              operationType: 'REFUND',
              operationResult: RESULT_OF[r.state],
              operationAmount: String(r.amount_cents),
              operationCurrency: payment.currency,
            })),
          ]
        : [];
    return { orderStatus: { order: { orderId: payment.ref, amount: String(payment.amount_cents), currency: payment.currency } }, operations };
  });

  app.post(`${API}/operations/:operationId/refunds`, async (request, reply) => {
    const { operationId } = request.params as { operationId: string };
    if (!operationId.endsWith('-CAPTURE')) return apiError(reply, 404, 'GW0002', 'Operation not found');
    const payment = await ownPayment(request, operationId.slice(0, -'-CAPTURE'.length));
    if (payment === 'unauthorized') return apiError(reply, 401, 'GW0001', 'Unauthorized');
    if (payment?.state !== 'approved') return apiError(reply, 404, 'GW0002', 'Operation not found');
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || !key) return apiError(reply, 400, 'GW0004', 'Idempotency-Key missing');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const amount = typeof body.amount === 'string' && /^\d{1,9}$/.test(body.amount) ? Number(body.amount) : 0;
    if (body.currency !== payment.currency) return apiError(reply, 400, 'GW0005', 'Invalid currency');
    const made = await makeSandboxRefund(app, payment, { key, amountCents: amount, reason: String(body.description ?? '') });
    if ('exceeded' in made) return apiError(reply, 422, 'PS0021', 'Refund amount exceeds the remaining amount');
    return { operationId: made.refund.id, operationTime: made.refund.at };
  });

  app.get(`${API}/operations/:operationId`, async (request, reply) => {
    const { operationId } = request.params as { operationId: string };
    if (!(await merchantOf(request))) return apiError(reply, 401, 'GW0001', 'Unauthorized');
    const found = await findSandboxRefund(app, 'nexi', operationId);
    if (!found) return apiError(reply, 404, 'GW0002', 'Operation not found');
    return {
      operationId,
      operationType: 'REFUND',
      operationResult: RESULT_OF[found.refund.state],
      operationAmount: String(found.refund.amount_cents),
      operationCurrency: found.payment.currency,
      operationTime: found.refund.at,
    };
  });
}
