import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { unauthenticated } from '../../errors.js';
import { gestpaySandboxRoutes, settleGestpay } from './gestpay-sandbox.js';
import { nexiSandboxRoutes, settleNexi } from './nexi-sandbox.js';
import { paypalSandboxRoutes, settlePaypal } from './paypal-sandbox.js';
import { chooseNextRefund, settleSandboxRefund } from './refunds.js';

/** Reads `application/x-www-form-urlencoded` bodies (hosted-page forms, Nexi urlpost, OAuth2 token). */
export function registerFormParser(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    const fields: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(body as string)) fields[k] = v;
    done(null, fields);
  });
}

const SettleBodySchema = z.object({
  provider: z.enum(['nexi', 'gestpay', 'paypal']),
  /** Nexi codTrans, Axerve paymentID, PayPal order id. */
  ref: z.string().min(1),
  outcome: z.enum(['approved', 'refused']),
});

const NextRefundBodySchema = z.object({
  provider: z.enum(['nexi', 'gestpay', 'paypal']),
  /** The payment: Nexi codTrans, Axerve paymentID, PayPal order id. */
  ref: z.string().min(1),
  outcome: z.enum(['refused', 'pending']),
});
const SettleRefundBodySchema = z.object({
  provider: z.enum(['nexi', 'gestpay', 'paypal']),
  refund: z.string().min(1),
  outcome: z.enum(['approved', 'refused']),
});

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The control routes settle payments without a buyer: anyone who reaches them could mark an order
 * paid. Only the local demo (no NODE_ENV=production, no token configured) leaves them open; with
 * SANDBOX_CONTROL_TOKEN they want `Authorization: Bearer <token>`, and a production start without
 * one keeps them shut (decision 0416).
 */
export function controlTokenAccepted(app: FastifyInstance, request: FastifyRequest): boolean {
  const expected = app.config.sandboxControlToken;
  if (!expected) return !app.config.production;
  const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  // Digests of equal length, so the comparison's time says nothing about the token.
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The built-in payment sandbox (PAYMENT_MODE=sandbox): Nexi XPay, Axerve and PayPal endpoints with
 * their real shapes, signatures and redirects, under /sandbox. `POST /sandbox/control/settle`
 * plays the bank's late answer to a payment left pending.
 */
export async function paymentSandboxRoutes(app: FastifyInstance): Promise<void> {
  registerFormParser(app);
  // The pages are plain HTML forms: no script, so the server's CSP holds as it is.
  await app.register(nexiSandboxRoutes, { prefix: '/nexi' });
  await app.register(gestpaySandboxRoutes, { prefix: '/gestpay' });
  await app.register(paypalSandboxRoutes, { prefix: '/paypal' });

  app.post('/control/settle', async (request, reply) => {
    if (!controlTokenAccepted(app, request)) throw unauthenticated();
    const parsed = SettleBodySchema.safeParse(request.body);
    if (!parsed.success) return reply.status(422).send({ message: 'provider, ref e outcome sono obbligatori.' });
    const { provider, ref, outcome } = parsed.data;
    const approve = outcome === 'approved';
    const settled =
      provider === 'nexi'
        ? await settleNexi(app, ref, approve)
        : provider === 'gestpay'
          ? await settleGestpay(app, ref, approve)
          : await settlePaypal(app, ref, approve);
    if (!settled) return reply.status(409).send({ message: 'Nessun pagamento in sospeso con questo riferimento.' });
    return { settled: true };
  });

  // The outcome of a payment's next refund (refused, pending), and the late answer to a pending one.
  app.post('/control/next-refund', async (request, reply) => {
    if (!controlTokenAccepted(app, request)) throw unauthenticated();
    const parsed = NextRefundBodySchema.safeParse(request.body);
    if (!parsed.success) return reply.status(422).send({ message: 'provider, ref e outcome sono obbligatori.' });
    const { provider, ref, outcome } = parsed.data;
    if (!(await chooseNextRefund(app, provider, ref, outcome))) return reply.status(404).send({ message: 'Pagamento sconosciuto.' });
    return { chosen: outcome };
  });

  app.post('/control/settle-refund', async (request, reply) => {
    if (!controlTokenAccepted(app, request)) throw unauthenticated();
    const parsed = SettleRefundBodySchema.safeParse(request.body);
    if (!parsed.success) return reply.status(422).send({ message: 'provider, refund e outcome sono obbligatori.' });
    const { provider, refund, outcome } = parsed.data;
    if (!(await settleSandboxRefund(app, provider, refund, outcome === 'approved'))) {
      return reply.status(409).send({ message: 'Nessun rimborso in sospeso con questo riferimento.' });
    }
    return { settled: true };
  });
}
