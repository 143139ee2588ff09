import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sandboxSecret } from '../config.js';
import { createHttpClient } from '../http.js';
import { decimalToCents } from '../provider.js';
import { appendQuery, buyerRedirect, findMerchant, randomCode } from './merchants.js';
import { CANCEL_CHOICE, decisionButtons, detailIf, sendPage } from './pages.js';
import { findSandboxRefund, makeSandboxRefund, type RefundableData, type SandboxRefund } from './refunds.js';
import * as store from './sandbox.repository.js';

/**
 * PayPal REST (OAuth2 client credentials, Orders v2, webhooks) as the sandbox plays it. The
 * approval page's buttons decide: pay, pay but leave the capture pending, a declined funding
 * source, or give up. Webhooks go to the merchant's `/api/payment/paypal/webhook`, signed with an
 * HMAC the sandbox's verify-webhook-signature endpoint checks (PayPal signs with its certificate).
 */

export interface PaypalSandboxData extends RefundableData {
  customId: string;
  referenceId: string;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  /** How the capture will go once approved. */
  captureOutcome: 'COMPLETED' | 'PENDING' | 'DECLINED';
  payerId: string | null;
  captureId: string | null;
  captureStatus: string | null;
  /** PayPal-Request-Id → the answer given, for idempotent retries. */
  requests: Record<string, { status: number; body: unknown }>;
  webhooks: Array<{ at: string; event: string; status: number | null }>;
}

type Payment = store.SandboxPayment<PaypalSandboxData>;

const ExperienceSchema = z.object({ return_url: z.string().optional(), cancel_url: z.string().optional() });
/** The part of `POST /v2/checkout/orders` the sandbox reads. */
const CreateOrderSchema = z.object({
  intent: z.literal('CAPTURE'),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().optional(),
        custom_id: z.string().optional(),
        description: z.string().optional(),
        amount: z.object({ currency_code: z.string(), value: z.string() }),
      }),
    )
    .min(1),
  payment_source: z.object({ paypal: z.object({ experience_context: ExperienceSchema.optional() }).optional() }).optional(),
  application_context: ExperienceSchema.optional(),
});
const TOKEN_LIFE_S = 32_400;

function apiBase(app: FastifyInstance): string {
  return `${app.config.publicUrl.replace(/\/+$/, '')}/sandbox/paypal`;
}

function sign(app: FastifyInstance, text: string): string {
  return createHmac('sha256', sandboxSecret(app)).update(text).digest('hex');
}

/** A stateless access token: client id, expiry and an HMAC over both. */
function issueToken(app: FastifyInstance, clientId: string): string {
  const expires = Math.floor(Date.now() / 1000) + TOKEN_LIFE_S;
  const body = Buffer.from(`${clientId}|${expires}`).toString('base64url');
  return `A21AA.${body}.${sign(app, `token|${body}`)}`;
}

function clientOfToken(app: FastifyInstance, request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  const parts = match?.[1]?.split('.') ?? [];
  if (parts.length !== 3 || parts[0] !== 'A21AA') return undefined;
  const [, body, sig] = parts as [string, string, string];
  const expected = sign(app, `token|${body}`);
  if (sig.length !== expected.length || !timingSafeEqual(Buffer.from(sig), Buffer.from(expected))) return undefined;
  const [clientId, expires] = Buffer.from(body, 'base64url').toString().split('|');
  if (!clientId || Number(expires) * 1000 < Date.now()) return undefined;
  return clientId;
}

const unauthorized = (reply: FastifyReply) =>
  reply.status(401).send({ error: 'invalid_token', error_description: 'Token signature verification failed' });

function issue(reply: FastifyReply, status: number, name: string, issueName: string, description: string) {
  return reply.status(status).send({
    name,
    message: description,
    debug_id: randomCode(13).toLowerCase(),
    details: [{ issue: issueName, description }],
  });
}

function amountValue(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

const PUBLIC_STATUS: Record<string, string> = {
  created: 'PAYER_ACTION_REQUIRED',
  approved: 'APPROVED',
  completed: 'COMPLETED',
  voided: 'VOIDED',
};

/** The order as PayPal shows it. */
function orderJson(app: FastifyInstance, p: Payment) {
  const amount = { currency_code: p.currency, value: amountValue(p.amount_cents) };
  const unit: Record<string, unknown> = {
    reference_id: p.data.referenceId,
    custom_id: p.data.customId,
    invoice_id: p.data.customId,
    description: p.data.description,
    amount,
  };
  if (p.data.captureId) {
    unit.payments = {
      captures: [
        {
          id: p.data.captureId,
          status: p.data.captureStatus,
          amount,
          final_capture: true,
          custom_id: p.data.customId,
          invoice_id: p.data.customId,
          create_time: p.updated_at,
          ...(p.data.captureStatus === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
        },
      ],
    };
  }
  return {
    id: p.ref,
    intent: 'CAPTURE',
    status: PUBLIC_STATUS[p.state] ?? 'PAYER_ACTION_REQUIRED',
    payment_source: { paypal: {} },
    purchase_units: [unit],
    ...(p.data.payerId ? { payer: { payer_id: p.data.payerId } } : {}),
    links: [
      { href: `${apiBase(app)}/v2/checkout/orders/${p.ref}`, rel: 'self', method: 'GET' },
      ...(p.state === 'created' ? [{ href: appendQuery(`${apiBase(app)}/checkoutnow`, { token: p.ref }), rel: 'payer-action', method: 'GET' }] : []),
      ...(p.state === 'approved' ? [{ href: `${apiBase(app)}/v2/checkout/orders/${p.ref}/capture`, rel: 'capture', method: 'POST' }] : []),
    ],
  };
}

/** Sends a webhook event to the merchant, signed as verify-webhook-signature expects. */
async function sendWebhook(app: FastifyInstance, p: Payment, eventType: string, resource: Record<string, unknown>) {
  const merchant = await findMerchant(app, 'paypal', (c) => c.clientId === p.merchant);
  if (!merchant) return;
  const event = {
    id: `WH-${randomCode(17)}`,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: eventType.startsWith('CHECKOUT') ? 'checkout-order' : 'capture',
    event_type: eventType,
    summary: eventType,
    resource,
  };
  const body = JSON.stringify(event);
  const transmissionId = randomUUID();
  const transmissionTime = new Date().toISOString();
  const signature = sign(app, `${transmissionId}|${transmissionTime}|${merchant.config.webhookId}|${body}`);
  let status: number | null = null;
  try {
    const response = await createHttpClient(app)({
      method: 'POST',
      url: `${app.config.publicUrl.replace(/\/+$/, '')}/api/payment/paypal/webhook`,
      headers: {
        'content-type': 'application/json',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': transmissionTime,
        'paypal-transmission-sig': signature,
        'paypal-cert-url': `${apiBase(app)}/v1/notifications/certs/sandbox`,
        'paypal-auth-algo': 'SHA256withRSA',
      },
      body,
    });
    status = response.status;
  } catch (error) {
    app.log.warn({ err: error, order: p.ref }, 'sandbox: paypal webhook failed');
  }
  await store.appendToSandboxLog<PaypalSandboxData, 'webhooks'>(app.db, 'paypal', p.ref, 'webhooks', { at: new Date().toISOString(), event: eventType, status });
}

function captureResource(app: FastifyInstance, p: Payment) {
  const unit = orderJson(app, p).purchase_units[0] as { payments?: { captures?: Array<Record<string, unknown>> } };
  const capture = unit.payments?.captures?.[0] ?? {};
  return { ...capture, supplementary_data: { related_ids: { order_id: p.ref } } };
}

/** The page of an order the sandbox does not know or has concluded. */
const ORDER_GONE = { brand: 'PayPal', title: 'Pagamento non disponibile', error: true, message: 'Ordine sconosciuto o già concluso.' };

/** Settles a capture left PENDING (PayPal's review ends) and sends the webhook. */
export async function settlePaypal(app: FastifyInstance, orderId: string, approve: boolean): Promise<boolean> {
  const p = await store.findSandboxPayment<PaypalSandboxData>(app.db, 'paypal', orderId);
  if (p?.state !== 'completed' || p.data.captureStatus !== 'PENDING') return false;
  const updated = await store.updateSandboxPayment(app.db, p.id, 'completed', {
    state: 'completed',
    data: { ...p.data, captureStatus: approve ? 'COMPLETED' : 'DECLINED' },
  });
  if (!updated) return false;
  await sendWebhook(app, updated, approve ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.DENIED', captureResource(app, updated));
  return true;
}

export async function paypalSandboxRoutes(app: FastifyInstance): Promise<void> {
  app.post('/v1/oauth2/token', async (request, reply) => {
    const match = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const [clientId, secret] = match ? Buffer.from(match[1] as string, 'base64').toString().split(':') : [];
    const merchant = clientId ? await findMerchant(app, 'paypal', (c) => c.clientId === clientId) : undefined;
    if (!merchant || merchant.config.clientSecret !== secret) {
      return reply.status(401).send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    const form = (request.body ?? {}) as Record<string, string>;
    if (form.grant_type !== 'client_credentials') {
      return reply.status(400).send({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    }
    return {
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: issueToken(app, merchant.config.clientId),
      token_type: 'Bearer',
      app_id: `APP-${randomCode(17)}`,
      expires_in: TOKEN_LIFE_S,
      nonce: `${new Date().toISOString()}${randomCode(12)}`,
    };
  });

  app.post('/v2/checkout/orders', async (request, reply) => {
    const clientId = clientOfToken(app, request);
    if (!clientId) return unauthorized(reply);
    const requestId = typeof request.headers['paypal-request-id'] === 'string' ? request.headers['paypal-request-id'] : '';
    const parsed = CreateOrderSchema.safeParse(request.body);
    const unit = parsed.success ? parsed.data.purchase_units[0] : undefined;
    const cents = decimalToCents(unit?.amount.value);
    if (!parsed.success || !unit || cents === null || cents <= 0 || unit.amount.currency_code !== 'EUR') {
      return issue(reply, 422, 'UNPROCESSABLE_ENTITY', 'INVALID_PARAMETER_VALUE', 'The value of a field is invalid.');
    }
    const context = parsed.data.payment_source?.paypal?.experience_context ?? parsed.data.application_context ?? {};
    if (typeof context.return_url !== 'string' || typeof context.cancel_url !== 'string') {
      return issue(reply, 422, 'UNPROCESSABLE_ENTITY', 'MISSING_REQUIRED_PARAMETER', 'return_url and cancel_url are required.');
    }
    if (requestId) {
      const earlier = await app.db
        .selectFrom('payment_sandbox')
        .select('ref')
        .where('provider', '=', 'paypal')
        .where('merchant', '=', clientId)
        .where('token', '=', requestId)
        .executeTakeFirst();
      if (earlier) {
        const p = await store.findSandboxPayment<PaypalSandboxData>(app.db, 'paypal', earlier.ref);
        if (p) return reply.status(200).send(orderJson(app, p));
      }
    }
    const p = await store.insertSandboxPayment<PaypalSandboxData>(app.db, {
      provider: 'paypal',
      ref: randomCode(17),
      merchant: clientId,
      token: requestId || null,
      state: 'created',
      amount_cents: cents,
      currency: 'EUR',
      data: {
        customId: unit.custom_id ?? '',
        referenceId: unit.reference_id ?? 'default',
        description: unit.description ?? '',
        returnUrl: context.return_url,
        cancelUrl: context.cancel_url,
        captureOutcome: 'COMPLETED',
        payerId: null,
        captureId: null,
        captureStatus: null,
        requests: {},
        webhooks: [],
      },
    });
    return reply.status(201).send(orderJson(app, p));
  });

  app.get('/v2/checkout/orders/:id', async (request, reply) => {
    const clientId = clientOfToken(app, request);
    if (!clientId) return unauthorized(reply);
    const p = await store.findSandboxPayment<PaypalSandboxData>(app.db, 'paypal', (request.params as { id: string }).id);
    if (!p || p.merchant !== clientId) {
      return issue(reply, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
    }
    return orderJson(app, p);
  });

  app.post('/v2/checkout/orders/:id/capture', async (request, reply) => {
    const clientId = clientOfToken(app, request);
    if (!clientId) return unauthorized(reply);
    const p = await store.findSandboxPayment<PaypalSandboxData>(app.db, 'paypal', (request.params as { id: string }).id);
    if (!p || p.merchant !== clientId) {
      return issue(reply, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
    }
    const requestId = typeof request.headers['paypal-request-id'] === 'string' ? request.headers['paypal-request-id'] : '';
    const replay = requestId ? p.data.requests[requestId] : undefined;
    if (replay) return reply.status(replay.status).send(replay.body);
    if (p.state === 'completed') return issue(reply, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
    if (p.state !== 'approved') return issue(reply, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    if (p.data.captureOutcome === 'DECLINED') {
      const body = {
        name: 'UNPROCESSABLE_ENTITY',
        message: 'The instrument presented was either declined by the processor or bank, or it can\'t be used for this payment.',
        details: [{ issue: 'INSTRUMENT_DECLINED', description: 'The instrument presented was declined.' }],
      };
      const data = { ...p.data, requests: requestId ? { ...p.data.requests, [requestId]: { status: 422, body } } : p.data.requests };
      await store.saveSandboxData(app.db, p.id, data);
      return reply.status(422).send(body);
    }
    const updated = await store.updateSandboxPayment(app.db, p.id, 'approved', {
      state: 'completed',
      data: { ...p.data, captureId: randomCode(17), captureStatus: p.data.captureOutcome },
    });
    if (!updated) return issue(reply, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
    const body = orderJson(app, updated);
    if (requestId) {
      await store.saveSandboxData(app.db, updated.id, {
        ...updated.data,
        requests: { ...updated.data.requests, [requestId]: { status: 201, body } },
      });
    }
    const eventType = updated.data.captureStatus === 'COMPLETED' ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.PENDING';
    // PayPal sends the webhook on its own schedule; the sandbox sends it before answering so runs are deterministic.
    await sendWebhook(app, updated, eventType, captureResource(app, updated));
    return reply.status(201).send(body);
  });

  /** A refund resource as PayPal shows it. */
  const refundJson = (p: Payment, r: SandboxRefund) => ({
    id: r.id,
    status: r.state === 'approved' ? 'COMPLETED' : r.state === 'pending' ? 'PENDING' : 'FAILED',
    amount: { currency_code: p.currency, value: amountValue(r.amount_cents) },
    invoice_id: r.key ?? undefined,
    note_to_payer: r.reason,
    ...(r.state === 'pending' ? { status_details: { reason: 'ECHECK' } } : {}),
    create_time: r.at,
    links: [{ href: `${apiBase(app)}/v2/payments/refunds/${r.id}`, rel: 'self', method: 'GET' }],
  });

  // `PayPal-Request-Id` makes a resend answer the refund it already made (the key is kept with it).
  app.post('/v2/payments/captures/:captureId/refund', async (request, reply) => {
    const clientId = clientOfToken(app, request);
    if (!clientId) return unauthorized(reply);
    const { captureId } = request.params as { captureId: string };
    const row = await app.db
      .selectFrom('payment_sandbox')
      .select('ref')
      .where('provider', '=', 'paypal')
      .where('merchant', '=', clientId)
      .where('data', 'like', `%"captureId":"${captureId.replace(/[^A-Za-z0-9]/g, '')}"%`)
      .executeTakeFirst();
    const p = row ? await store.findSandboxPayment<PaypalSandboxData>(app.db, 'paypal', row.ref) : undefined;
    if (!p || p.data.captureId !== captureId) return issue(reply, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
    if (p.data.captureStatus !== 'COMPLETED') return issue(reply, 422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_STATUS_NOT_VALID', 'Invalid capture status.');
    const body = (request.body ?? {}) as { amount?: { value?: unknown; currency_code?: unknown }; note_to_payer?: unknown };
    const cents = decimalToCents(body.amount?.value);
    if (cents === null || body.amount?.currency_code !== p.currency) {
      return issue(reply, 422, 'UNPROCESSABLE_ENTITY', 'INVALID_PARAMETER_VALUE', 'The value of a field is invalid.');
    }
    const key = typeof request.headers['paypal-request-id'] === 'string' ? request.headers['paypal-request-id'] : null;
    const made = await makeSandboxRefund(app, p, { key, amountCents: cents, reason: String(body.note_to_payer ?? '') });
    if ('exceeded' in made) return issue(reply, 422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.');
    if (made.refund.state === 'refused') {
      return issue(reply, 422, 'UNPROCESSABLE_ENTITY', 'REFUND_FAILED_INSUFFICIENT_FUNDS', 'Capture could not be refunded due to insufficient funds.');
    }
    return reply.status(made.replay ? 200 : 201).send(refundJson(p, made.refund));
  });

  app.get('/v2/payments/refunds/:id', async (request, reply) => {
    const clientId = clientOfToken(app, request);
    if (!clientId) return unauthorized(reply);
    const found = await findSandboxRefund(app, 'paypal', (request.params as { id: string }).id);
    if (!found || found.payment.merchant !== clientId) {
      return issue(reply, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
    }
    return refundJson(found.payment as Payment, found.refund);
  });

  app.post('/v1/notifications/verify-webhook-signature', async (request, reply) => {
    const clientId = clientOfToken(app, request);
    if (!clientId) return unauthorized(reply);
    const b = (request.body ?? {}) as Record<string, unknown>;
    const merchant = await findMerchant(app, 'paypal', (c) => c.clientId === clientId);
    const expected = sign(
      app,
      `${String(b.transmission_id ?? '')}|${String(b.transmission_time ?? '')}|${String(b.webhook_id ?? '')}|${JSON.stringify(b.webhook_event ?? null)}`,
    );
    const given = typeof b.transmission_sig === 'string' ? b.transmission_sig : '';
    const genuine =
      merchant !== undefined &&
      b.webhook_id === merchant.config.webhookId &&
      given.length === expected.length &&
      timingSafeEqual(Buffer.from(given), Buffer.from(expected));
    return { verification_status: genuine ? 'SUCCESS' : 'FAILURE' };
  });

  app.get('/checkoutnow', async (request, reply) => {
    const { token } = request.query as { token?: string };
    const p = token ? await store.findSandboxPayment<PaypalSandboxData>(app.db, 'paypal', token) : undefined;
    if (p?.state !== 'created') {
      return sendPage(reply, ORDER_GONE, 404);
    }
    return sendPage(reply, {
      brand: 'PayPal',
      title: 'Paga con PayPal',
      amountCents: p.amount_cents,
      details: [
        ['Ordine PayPal', p.ref],
        ...detailIf('Descrizione', p.data.description),
      ],
      action: 'checkoutnow',
      hidden: { token: p.ref },
      buttons: decisionButtons(['approve', 'Paga ora'], ['pending', 'Simula pagamento in revisione'], ['declined', 'Simula fonte di pagamento rifiutata'], CANCEL_CHOICE),
    });
  });

  app.post('/checkoutnow', async (request, reply) => {
    const f = (request.body ?? {}) as Record<string, string | undefined>;
    const p = f.token ? await store.findSandboxPayment<PaypalSandboxData>(app.db, 'paypal', f.token) : undefined;
    if (p?.state !== 'created') {
      return sendPage(reply, ORDER_GONE, 409);
    }
    if (f.decision === 'cancel') return reply.redirect(buyerRedirect(app, p.data.cancelUrl, { token: p.ref }), 303);
    const captureOutcome: PaypalSandboxData['captureOutcome'] =
      f.decision === 'pending' ? 'PENDING' : f.decision === 'declined' ? 'DECLINED' : 'COMPLETED';
    const payerId = randomCode(13);
    const updated = await store.updateSandboxPayment<PaypalSandboxData>(app.db, p.id, 'created', {
      state: 'approved',
      data: { ...p.data, captureOutcome, payerId },
    });
    if (!updated) return reply.status(409).send('Ordine già concluso.');
    await sendWebhook(app, updated, 'CHECKOUT.ORDER.APPROVED', orderJson(app, updated));
    return reply.redirect(buyerRedirect(app, updated.data.returnUrl, { token: updated.ref, PayerID: payerId }), 303);
  });
}
