import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { centsToDecimal, decimalToCents } from '../provider.js';
import { createHttpClient } from '../http.js';
import { appendQuery, buyerRedirect, findMerchant, randomCode, randomDigits } from './merchants.js';
import { decisionButtons, sendPage } from './pages.js';
import { makeSandboxRefund, type RefundableData } from './refunds.js';
import * as store from './sandbox.repository.js';

/**
 * Axerve (GestPay) REST v1 as the sandbox plays it: payment/create (API key), payment/submit
 * (paymentToken header, the card), the 3-D Secure page, payment/detail, and the server-to-server
 * call to the merchant (`?a=shopLogin&b=paymentID`) after every final outcome.
 *
 * Test cards (any future expiry, any 3-digit CVV), by their last four digits:
 * 0002 declined · 3220 3-D Secure challenge · 0077 pending at the bank · anything else (valid
 * Luhn) approved. A number that fails the Luhn check is refused as invalid.
 */

export interface GestpaySandboxData extends RefundableData {
  shopTransactionID: string;
  buyerName: string;
  buyerEmail: string;
  responseURLs: { buyerOK: string; buyerKO: string; serverNotificationURL: string };
  transactionResult: string;
  errorCode: string;
  errorDescription: string;
  authorizationCode: string;
  bankTransactionID: string;
  maskedPAN: string;
  notifications: Array<{ at: string; status: number | null }>;
}

export const GESTPAY_TEST_CARDS = {
  approved: '4111111111111111',
  declined: '4000000000000002',
  threeDSecure: '4000000000003220',
  pending: '4000000000000077',
} as const;

const ok = (payload: Record<string, unknown>) => ({ error: { code: '0', description: 'request correctly processed' }, payload });
const fail = (reply: FastifyReply, status: number, code: string, description: string) =>
  reply.status(status).send({ error: { code, description }, payload: {} });

function luhnValid(number: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = number.length - 1; i >= 0; i--) {
    let d = Number(number[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^apikey\s+"?([^"]+)"?$/i.exec(header.trim()) : null;
  return match?.[1];
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

type Payment = store.SandboxPayment<GestpaySandboxData>;

function resultPayload(p: Payment, extra: Record<string, unknown> = {}) {
  return {
    transactionType: 'submit',
    transactionResult: p.data.transactionResult,
    transactionErrorCode: p.data.errorCode,
    transactionErrorDescription: p.data.errorDescription,
    bankTransactionID: p.data.bankTransactionID,
    shopTransactionID: p.data.shopTransactionID,
    authorizationCode: p.data.authorizationCode,
    paymentID: p.ref,
    currency: p.currency,
    country: 'ITALIA',
    company: 'VISA',
    tdLevel: '',
    buyer: { name: p.data.buyerName, email: p.data.buyerEmail },
    maskedPAN: p.data.maskedPAN,
    paymentMethod: 'CREDITCARD',
    userRedirect: { href: '' },
    ...extra,
  };
}

/** The server-to-server call Axerve makes after a final outcome; the merchant then asks payment/detail. */
async function notifyMerchant(app: FastifyInstance, payment: Payment): Promise<void> {
  const url = payment.data.responseURLs.serverNotificationURL;
  if (!url) return;
  let status: number | null = null;
  try {
    const response = await createHttpClient(app)({ method: 'GET', url: appendQuery(url, { a: payment.merchant, b: payment.ref }) });
    status = response.status;
  } catch (error) {
    app.log.warn({ err: error, paymentID: payment.ref }, 'sandbox: axerve notification failed');
  }
  await store.appendToSandboxLog<GestpaySandboxData, 'notifications'>(app.db, 'gestpay', payment.ref, 'notifications', { at: new Date().toISOString(), status });
}

const FINAL = {
  approved: (d: GestpaySandboxData): GestpaySandboxData => ({
    ...d,
    transactionResult: 'OK',
    errorCode: '0',
    errorDescription: 'Transazione correttamente effettuata',
    authorizationCode: randomCode(6),
    bankTransactionID: randomDigits(9),
  }),
  refused: (d: GestpaySandboxData, code = '74', description = 'Autorizzazione negata'): GestpaySandboxData => ({
    ...d,
    transactionResult: 'KO',
    errorCode: code,
    errorDescription: description,
  }),
};

/** The page of a 3-D Secure step the sandbox does not know or has concluded. */
const AUTHENTICATION_GONE = { brand: 'Axerve 3-D Secure', title: 'Autenticazione non disponibile', error: true, message: 'Transazione sconosciuta o già conclusa.' };

/** Settles a pending payment (the bank's late answer) and notifies the merchant. */
export async function settleGestpay(app: FastifyInstance, paymentID: string, approve: boolean): Promise<boolean> {
  const payment = await store.findSandboxPayment<GestpaySandboxData>(app.db, 'gestpay', paymentID);
  if (payment?.state !== 'pending') return false;
  const updated = await store.updateSandboxPayment(app.db, payment.id, 'pending', {
    state: approve ? 'approved' : 'refused',
    data: approve ? FINAL.approved(payment.data) : FINAL.refused(payment.data),
  });
  if (!updated) return false;
  await notifyMerchant(app, updated);
  return true;
}

export async function gestpaySandboxRoutes(app: FastifyInstance): Promise<void> {
  const base = () => `${app.config.publicUrl.replace(/\/+$/, '')}/sandbox/gestpay`;

  const create = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const shopLogin = typeof body.shopLogin === 'string' ? body.shopLogin : '';
    const merchant = await findMerchant(app, 'gestpay', (c) => c.shopLogin === shopLogin);
    if (!merchant || apiKeyOf(request) !== merchant.config.apiKey) return fail(reply, 403, '1166', 'Invalid ApiKey');
    const cents = decimalToCents(body.amount);
    const shopTransactionID = typeof body.shopTransactionID === 'string' ? body.shopTransactionID : '';
    if (cents === null || cents <= 0 || body.currency !== 'EUR' || !shopTransactionID) {
      return fail(reply, 400, '1105', 'Invalid parameter value');
    }
    const urls = (body.responseURLs ?? {}) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    const payment = await store.insertSandboxPayment<GestpaySandboxData>(app.db, {
      provider: 'gestpay',
      ref: randomDigits(11),
      merchant: shopLogin,
      token: randomUUID().replaceAll('-', ''),
      state: 'created',
      amount_cents: cents,
      currency: 'EUR',
      data: {
        shopTransactionID,
        buyerName: text(body.buyerName),
        buyerEmail: text(body.buyerEmail),
        responseURLs: {
          buyerOK: text(urls.buyerOK),
          buyerKO: text(urls.buyerKO),
          serverNotificationURL: text(urls.serverNotificationURL),
        },
        transactionResult: '',
        errorCode: '',
        errorDescription: '',
        authorizationCode: '',
        bankTransactionID: '',
        maskedPAN: '',
        notifications: [],
      },
    });
    return ok({ paymentToken: payment.token, paymentID: payment.ref, userRedirect: { href: '' } });
  };
  app.post('/api/v1/payment/create', create);
  app.post('/api/v1/payment/create/', create);

  app.post('/api/v1/payment/submit', async (request, reply) => {
    const token = header(request, 'paymentToken');
    const payment = token ? await store.findSandboxPaymentByToken<GestpaySandboxData>(app.db, 'gestpay', token) : undefined;
    if (!payment) return fail(reply, 400, '1137', 'Invalid paymentToken');
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.shopLogin !== payment.merchant) return fail(reply, 400, '1105', 'Invalid parameter value: shopLogin');
    if (payment.state !== 'created') return fail(reply, 400, '1142', 'Transaction already processed');
    const card = ((body.paymentTypeDetails ?? {}) as Record<string, unknown>).creditcard as Record<string, unknown> | undefined;
    const number = typeof card?.number === 'string' ? card.number.replace(/\s+/g, '') : '';
    const expMonth = typeof card?.expMonth === 'string' ? card.expMonth : '';
    const expYear = typeof card?.expYear === 'string' ? card.expYear : '';
    const cvv = typeof card?.CVV === 'string' ? card.CVV : '';
    if (!/^\d{12,19}$/.test(number) || !/^(0[1-9]|1[0-2])$/.test(expMonth) || !/^\d{2}$/.test(expYear) || !/^\d{3,4}$/.test(cvv)) {
      return fail(reply, 400, '1105', 'Invalid parameter value: creditcard');
    }
    const buyer = (body.buyer ?? {}) as Record<string, unknown>;
    const data: GestpaySandboxData = {
      ...payment.data,
      buyerName: typeof buyer.name === 'string' && buyer.name ? buyer.name : payment.data.buyerName,
      buyerEmail: typeof buyer.email === 'string' && buyer.email ? buyer.email : payment.data.buyerEmail,
      maskedPAN: `${number.slice(0, 6)}${'*'.repeat(number.length - 10)}${number.slice(-4)}`,
    };
    const now = new Date();
    const expired = 2000 + Number(expYear) < now.getUTCFullYear() ||
      (2000 + Number(expYear) === now.getUTCFullYear() && Number(expMonth) < now.getUTCMonth() + 1);

    let next: { state: string; data: GestpaySandboxData };
    if (!luhnValid(number)) next = { state: 'refused', data: FINAL.refused(data, '1119', 'Numero carta non valido') };
    else if (expired) next = { state: 'refused', data: FINAL.refused(data, '1124', 'Carta scaduta') };
    else if (number.endsWith('0002')) next = { state: 'refused', data: FINAL.refused(data) };
    else if (number.endsWith('0077')) {
      next = { state: 'pending', data: { ...data, transactionResult: 'XX', errorCode: '0', errorDescription: 'Transazione in attesa di esito' } };
    } else if (number.endsWith('3220')) {
      next = { state: 'awaiting_3ds', data: { ...data, transactionResult: '', errorCode: '8006', errorDescription: 'Verify By Visa' } };
    } else next = { state: 'approved', data: FINAL.approved(data) };

    const updated = await store.updateSandboxPayment(app.db, payment.id, 'created', next);
    if (!updated) return fail(reply, 400, '1142', 'Transaction already processed');
    if (updated.state === 'awaiting_3ds') {
      const href = buyerRedirect(app, `${base()}/pagam/pagam3d.aspx`, { a: updated.merchant, b: updated.token ?? '' });
      return ok(resultPayload(updated, { userRedirect: { href } }));
    }
    if (updated.state !== 'pending') await notifyMerchant(app, updated);
    return ok(resultPayload(updated));
  });

  app.get('/api/v1/payment/detail/:paymentID', async (request, reply) => {
    const { paymentID } = request.params as { paymentID: string };
    const payment = await store.findSandboxPayment<GestpaySandboxData>(app.db, 'gestpay', paymentID);
    if (!payment) return fail(reply, 404, '2011', 'Transaction not found');
    const merchant = await findMerchant(app, 'gestpay', (c) => c.shopLogin === payment.merchant);
    const byKey = merchant !== undefined && apiKeyOf(request) === merchant.config.apiKey;
    const byToken = header(request, 'paymentToken') === payment.token;
    if (!byKey && !byToken) return fail(reply, 403, '1166', 'Invalid ApiKey');
    const result =
      payment.state === 'approved' ? 'APPROVED' : payment.state === 'refused' ? 'DECLINED' : payment.state === 'pending' ? 'PENDING' : payment.state === 'awaiting_3ds' ? 'WAITING' : 'UNSUBMITTED';
    const refundEvents = (payment.data.refunds ?? []).map((r) => ({
      event: {
        eventtype: 'REFUND',
        eventid: r.id,
        eventamount: centsToDecimal(r.amount_cents),
        eventstatus: r.state === 'approved' ? 'OK' : r.state === 'pending' ? 'PENDING' : 'KO',
        eventdate: r.at,
      },
    }));
    const events =
      payment.state === 'approved'
        ? [{ event: { eventtype: 'AUTHORIZED', eventamount: centsToDecimal(payment.amount_cents), eventdate: payment.updated_at } }, ...refundEvents]
        : [];
    return ok({ ...resultPayload(payment), transactionType: 'detail', transactionResult: result, transactionState: result, events });
  });

  // No idempotency key in Axerve's refund: every call is a new refund (the merchant checks the detail first).
  app.post('/api/v1/payment/refund', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const shopLogin = typeof body.shopLogin === 'string' ? body.shopLogin : '';
    const merchant = await findMerchant(app, 'gestpay', (c) => c.shopLogin === shopLogin);
    if (!merchant || apiKeyOf(request) !== merchant.config.apiKey) return fail(reply, 403, '1166', 'Invalid ApiKey');
    const paymentID = typeof body.paymentID === 'string' ? body.paymentID : '';
    const payment = paymentID ? await store.findSandboxPayment<GestpaySandboxData>(app.db, 'gestpay', paymentID) : undefined;
    if (!payment || payment.merchant !== shopLogin || payment.state !== 'approved') return fail(reply, 404, '2011', 'Transaction not found');
    if (body.bankTransactionID !== undefined && body.bankTransactionID !== payment.data.bankTransactionID) {
      return fail(reply, 400, '1105', 'Invalid parameter value: bankTransactionID');
    }
    const cents = decimalToCents(body.amount);
    if (cents === null || body.currency !== payment.currency) return fail(reply, 400, '1105', 'Invalid parameter value');
    const made = await makeSandboxRefund(app, payment, { key: null, amountCents: cents, reason: String(body.refundReason ?? '') });
    const base = { transactionType: 'refund', paymentID: payment.ref, shopTransactionID: payment.data.shopTransactionID, bankTransactionID: payment.data.bankTransactionID };
    if ('exceeded' in made) {
      return ok({ ...base, transactionResult: 'KO', transactionErrorCode: '2015', transactionErrorDescription: 'Importo del rimborso superiore al residuo' });
    }
    const { refund } = made;
    if (refund.state === 'refused') {
      return ok({ ...base, transactionResult: 'KO', transactionErrorCode: '2016', transactionErrorDescription: 'Rimborso negato dalla banca', refundID: refund.id });
    }
    return ok({ ...base, transactionResult: refund.state === 'pending' ? 'XX' : 'OK', transactionErrorCode: '0', transactionErrorDescription: '', refundID: refund.id });
  });

  app.get('/pagam/pagam3d.aspx', async (request, reply) => {
    const { a, b } = request.query as { a?: string; b?: string };
    const payment = b ? await store.findSandboxPaymentByToken<GestpaySandboxData>(app.db, 'gestpay', b) : undefined;
    if (!payment || payment.merchant !== a || payment.state !== 'awaiting_3ds') {
      return sendPage(reply, AUTHENTICATION_GONE, 404);
    }
    return sendPage(reply, {
      brand: 'Axerve 3-D Secure',
      title: 'Conferma il pagamento con la tua banca',
      amountCents: payment.amount_cents,
      details: [
        ['Esercente', payment.merchant],
        ['Carta', payment.data.maskedPAN],
      ],
      action: 'pagam3d.aspx',
      hidden: { a: payment.merchant, b: payment.token ?? '' },
      buttons: decisionButtons(['approve', 'Autorizza'], ['refuse', 'Nega autorizzazione']),
    });
  });

  app.post('/pagam/pagam3d.aspx', async (request, reply) => {
    const f = (request.body ?? {}) as Record<string, string | undefined>;
    const payment = f.b ? await store.findSandboxPaymentByToken<GestpaySandboxData>(app.db, 'gestpay', f.b) : undefined;
    if (!payment || payment.merchant !== f.a || payment.state !== 'awaiting_3ds') {
      return sendPage(reply, AUTHENTICATION_GONE, 409);
    }
    const approve = f.decision === 'approve';
    const updated = await store.updateSandboxPayment(app.db, payment.id, 'awaiting_3ds', {
      state: approve ? 'approved' : 'refused',
      data: approve ? FINAL.approved(payment.data) : FINAL.refused(payment.data, '8007', 'Autenticazione 3-D Secure fallita'),
    });
    if (!updated) return reply.status(409).send('Transazione già conclusa.');
    await notifyMerchant(app, updated);
    const target = approve ? updated.data.responseURLs.buyerOK : updated.data.responseURLs.buyerKO;
    return reply.redirect(buyerRedirect(app, target, { paymentID: updated.ref }), 303);
  });
}
