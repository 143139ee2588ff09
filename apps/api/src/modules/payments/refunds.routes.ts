import { IdParamsSchema, IdSchema, messages, OrderRefundsResponseSchema, RefundBodySchema } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorContext } from '../../plugins/request-context.js';
import { requireRowInShop } from '../../plugins/row-in-shop.js';
import { typedRoutes } from '../../plugins/typed-routes.js';
import { findOrder } from '../orders/index.js';
import * as refunds from './refunds.service.js';

const RetryParamsSchema = z.object({ id: IdSchema, refundId: IdSchema });

/**
 * Refunds (decision 0515): the pharmacist's `/api/admin/orders/{id}/refunds…` (their shop's orders
 * only, 404 otherwise) and the customer's `/api/order/{id}/refunds` (their own order only).
 */
export async function refundRoutes(app: FastifyInstance): Promise<void> {
  const { r, tags, security } = typedRoutes(app, 'admin: orders');
  const onRequest = app.requireRole('pharmacist');
  // Another shop's order is 404 before the body's rules are checked: its pharmacist learns nothing
  // from a 422 on the amount (decisions 0281, 0291, as every other back-office write).
  const orderOfShop = requireRowInShop(
    app,
    async (db, shopId, id) => (await findOrder(db, id))?.shop_id === shopId,
    messages.orders.notFound,
  );

  r.get(
    '/admin/orders/:id/refunds',
    { onRequest, schema: { tags, security, params: IdParamsSchema, response: { 200: OrderRefundsResponseSchema } } },
    async (request) => ({ data: await refunds.getOrderRefunds(actorContext(request), request.params.id) }),
  );

  r.post(
    '/admin/orders/:id/refunds',
    {
      onRequest,
      preValidation: orderOfShop,
      config: { openapi: { errors: ['ORDER_NOT_PAID_ONLINE', 'REFUND_IN_PROGRESS'] } },
      schema: { tags, security, params: IdParamsSchema, body: RefundBodySchema, response: { 200: OrderRefundsResponseSchema } },
    },
    async (request) => ({ data: await refunds.requestRefund(actorContext(request), request.params.id, request.body) }),
  );

  r.post(
    '/admin/orders/:id/refunds/:refundId/retry',
    {
      onRequest,
      preValidation: orderOfShop,
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
