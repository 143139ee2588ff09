import { IdParamsSchema, IdSchema, OrderRefundsResponseSchema, RefundBodySchema } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorContext } from '../../plugins/request-context.js';
import * as refunds from './refunds.service.js';

const security = [{ bearer: [] }];
const RetryParamsSchema = z.object({ id: IdSchema, refundId: IdSchema });

/**
 * Refunds (decision 0515): the pharmacist's `/api/admin/orders/{id}/refunds…` (their shop's orders
 * only, 404 otherwise) and the customer's `/api/order/{id}/refunds` (their own order only).
 */
export async function refundRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireRole('pharmacist');
  const tags = ['admin: orders'];

  r.get(
    '/admin/orders/:id/refunds',
    { onRequest, schema: { tags, security, params: IdParamsSchema, response: { 200: OrderRefundsResponseSchema } } },
    async (request) => ({ data: await refunds.getOrderRefunds(actorContext(request), request.params.id) }),
  );

  r.post(
    '/admin/orders/:id/refunds',
    {
      onRequest,
      config: { openapi: { errors: ['ORDER_NOT_PAID_ONLINE', 'REFUND_IN_PROGRESS'] } },
      schema: { tags, security, params: IdParamsSchema, body: RefundBodySchema, response: { 200: OrderRefundsResponseSchema } },
    },
    async (request) => ({ data: await refunds.requestRefund(actorContext(request), request.params.id, request.body) }),
  );

  r.post(
    '/admin/orders/:id/refunds/:refundId/retry',
    {
      onRequest,
      config: { openapi: { errors: ['REFUND_NOT_RETRYABLE', 'REFUND_IN_PROGRESS'] } },
      schema: { tags, security, params: RetryParamsSchema, response: { 200: OrderRefundsResponseSchema } },
    },
    async (request) => ({ data: await refunds.retryRefund(actorContext(request), request.params.id, request.params.refundId) }),
  );

  r.get(
    '/order/:id/refunds',
    { preHandler: app.authenticate, schema: { tags: ['orders'], security, params: IdParamsSchema, response: { 200: OrderRefundsResponseSchema } } },
    async (request) => ({
      data: await refunds.customerOrderRefunds(app, { id: request.user.id, shopId: request.user.shopId }, request.params.id),
    }),
  );
}
