import {
  AdminWithdrawalResponseSchema,
  IdParamsSchema,
  OpenWithdrawalsResponseSchema,
  OrderWithdrawalResponseSchema,
  WithdrawalBodySchema,
  WithdrawalErrorCode,
  WithdrawalResponseSchema,
} from '@farmacia/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rawRowId } from '../../plugins/row-in-shop.js';
import { ownOrderRow } from './orders.service.js';
import { actorContext, customerOf as customer } from '../../plugins/request-context.js';
import { typedRoutes } from '../../plugins/typed-routes.js';
import * as withdrawals from './withdrawals.service.js';

/**
 * The withdrawal function (decision 0698): the customer's `/api/order/{id}/withdrawal` (their own
 * order only, 404 otherwise) and `/api/order-withdrawals`; the pharmacist's
 * `/api/admin/orders/{id}/withdrawal` (their shop's orders only).
 */
export async function withdrawalRoutes(app: FastifyInstance): Promise<void> {
  const { r, tags, security } = typedRoutes(app, 'orders');

  r.get(
    '/order-withdrawals',
    { preHandler: app.authenticate, schema: { tags, security, response: { 200: OpenWithdrawalsResponseSchema } } },
    async (request) => ({ data: await withdrawals.openWithdrawals(app, customer(request.user)) }),
  );

  r.get(
    '/order/:id/withdrawal',
    { preHandler: app.authenticate, schema: { tags, security, params: IdParamsSchema, response: { 200: OrderWithdrawalResponseSchema } } },
    async (request) => ({ data: await withdrawals.getOrderWithdrawal(app, customer(request.user), request.params.id) }),
  );

  // The caller first, then their order, then the body: another customer's order is 404 whatever
  // they send, and a body's rules tell a stranger nothing (decision 0204).
  const ownOrder = async (request: FastifyRequest) => {
    const id = rawRowId((request.params as { id?: unknown }).id);
    if (id !== undefined) await ownOrderRow(app, customer(request.user), id);
  };
  r.post(
    '/order/:id/withdrawal',
    {
      config: { openapi: { errors: Object.values(WithdrawalErrorCode) } },
      onRequest: app.authenticate,
      preValidation: ownOrder,
      schema: { tags, security, params: IdParamsSchema, body: WithdrawalBodySchema, response: { 200: WithdrawalResponseSchema } },
    },
    async (request) => ({ data: await withdrawals.submitWithdrawal(app, customer(request.user), request.params.id, request.body) }),
  );

  const admin = typedRoutes(app, 'admin: orders');
  admin.r.get(
    '/admin/orders/:id/withdrawal',
    {
      onRequest: app.requireRole('pharmacist'),
      schema: { tags: admin.tags, security: admin.security, params: IdParamsSchema, response: { 200: AdminWithdrawalResponseSchema } },
    },
    async (request) => ({ data: await withdrawals.shopOrderWithdrawal(actorContext(request), request.params.id) }),
  );
}
