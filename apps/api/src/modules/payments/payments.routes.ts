import {
  IdSchema,
  PaymentCreateResponseSchema,
  PaymentIdResponseSchema,
  PaymentMethodsResponseSchema,
  PaymentTypeSchema,
} from '@farmacia/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { verifyNexiOutcome } from '../../payments/nexi.js';
import { type InboundNotification, NotificationRejected } from '../../payments/provider.js';
import { resolveProviderConfigs } from '../../payments/config.js';
import { registerFormParser } from '../../payments/sandbox/sandbox.routes.js';
import { customerOf } from '../../plugins/request-context.js';
import { typedRoutes } from '../../plugins/typed-routes.js';
import { paymentMethodsOf, shippingConfigurations } from './payment-methods.js';
import * as payments from './payments.service.js';
import * as repo from './payments.repository.js';

const CreateParamsSchema = z.object({ method: PaymentTypeSchema, orderId: IdSchema });
const PaymentIdParamsSchema = z.object({ method: PaymentTypeSchema, id: z.string().trim().min(1).max(64) });

function stringRecord(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v;
  }
  return out;
}

/** Headers as plain lowercase strings. */
function headersOf(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(request.headers)) if (typeof v === 'string') out[k.toLowerCase()] = v;
  return out;
}

function inboundOf(request: FastifyRequest): InboundNotification {
  return {
    query: stringRecord(request.query),
    body: request.body ?? null,
    rawBody: null,
    headers: headersOf(request),
  };
}

/**
 * `/api/payment…` (spec §7): methods, create, payment-id for the app; and the providers' side —
 * Nexi urlpost and browser return, Axerve server-to-server call, PayPal webhook — which carry no
 * bearer token: they are trusted only once verified.
 */
export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  registerFormParser(app);
  const { r, tags, security } = typedRoutes(app, 'payments');

  r.get(
    '/payment/methods',
    { preHandler: app.authenticate, schema: { tags, security, response: { 200: PaymentMethodsResponseSchema } } },
    async (request) => ({ data: paymentMethodsOf(await shippingConfigurations(app, request.user.shopId)) }),
  );

  r.get(
    '/payment/:method/create/:orderId',
    {
      config: { openapi: { errors: ['ORDER_NOT_PAYABLE', 'PAYMENT_METHOD_MISMATCH'] } },
      preHandler: app.authenticate,
      schema: { tags, security, params: CreateParamsSchema, response: { 200: PaymentCreateResponseSchema } },
    },
    async (request) => payments.createPayment(app, customerOf(request.user), request.params.method, request.params.orderId),
  );

  r.get(
    '/payment/:method/payment-id/:id',
    {
      preHandler: app.authenticate,
      schema: { tags, security, params: PaymentIdParamsSchema, response: { 200: PaymentIdResponseSchema } },
    },
    async (request) => payments.paymentStatus(app, customerOf(request.user), request.params.method, request.params.id),
  );

  const answer = (reply: FastifyReply, result: payments.StatementResult) =>
    result === 'refused' ? reply.status(400).type('text/plain').send('KO') : reply.status(200).type('text/plain').send('OK');

  // Nexi urlpost: form fields signed with the MAC.
  app.post('/payment/nexi/notify', { schema: { hide: true } }, async (request, reply) =>
    answer(reply, await payments.handleNotification(app, 'nexi', inboundOf(request), 'notification', request.ip)),
  );

  // Axerve server-to-server call: ?a=shopLogin&b=paymentID, then payment/detail decides.
  app.get('/payment/gestpay/notify', { schema: { hide: true } }, async (request, reply) =>
    answer(reply, await payments.handleNotification(app, 'gestpay', inboundOf(request), 'notification', request.ip)),
  );

  // PayPal webhook: verified with verify-webhook-signature, then the order is read (and captured).
  app.post('/payment/paypal/webhook', { schema: { hide: true } }, async (request, reply) =>
    answer(reply, await payments.handleNotification(app, 'paypal', inboundOf(request), 'webhook', request.ip)),
  );

  /**
   * The buyer back from Nexi's page: the signed outcome only chooses which screen to show
   * (status OK / KO / none while the bank decides); it never changes the order.
   */
  const nexiReturn = async (request: FastifyRequest, reply: FastifyReply, back: boolean) => {
    const query = stringRecord(request.query);
    const codTrans = query.codTrans ?? '';
    const payment = codTrans ? await repo.findPaymentByRef(app.db, 'nexi', codTrans) : undefined;
    const method = payment?.payment_type ?? 'nexi';
    let status: 'OK' | 'KO' | null = 'KO';
    if (!back && payment) {
      const config = (await resolveProviderConfigs(app, payment.shop_id)).nexi;
      try {
        const report = config ? verifyNexiOutcome(query, config) : null;
        status = report?.outcome === 'approved' ? 'OK' : report?.outcome === 'pending' ? null : 'KO';
      } catch (error) {
        if (!(error instanceof NotificationRejected)) throw error;
        request.log.warn({ codTrans, reason: error.reason }, 'nexi return with a bad signature');
      }
    }
    const target = new URLSearchParams({ ...(status ? { status } : {}), paymentMethod: method, codTrans });
    return reply.redirect(`/app/payment-end?${target.toString()}`, 303);
  };
  app.get('/payment/nexi/return', { schema: { hide: true } }, (request, reply) => nexiReturn(request, reply, false));
  app.get('/payment/nexi/back', { schema: { hide: true } }, (request, reply) => nexiReturn(request, reply, true));

}
