import {
  AdminOrderListQuerySchema,
  AdminOrderListResponseSchema,
  AdminOrderResponseSchema,
  AdminShopQuerySchema,
  FinalizeOrderBodySchema,
  IdParamsSchema,
  OrderCountsResponseSchema,
  OrderNotesBodySchema,
  OrderTransitionBodySchema,
  PHARMACIST_ORDER_MOVES,
  type PharmacistOrderMove,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import * as admin from './orders.admin.service.js';
import { orderCounts } from './orders-queue.js';
import { actorContext } from '../../plugins/request-context.js';
import { typedRoutes } from '../../plugins/typed-routes.js';

/** The pharmacist's simple moves, one route each (`finalize` has its own body); the contract's rule decides. */
const MOVES = (Object.keys(PHARMACIST_ORDER_MOVES) as PharmacistOrderMove[]).filter(
  (move): move is Exclude<PharmacistOrderMove, 'finalize'> => move !== 'finalize',
);

/** `/api/admin/orders…` (ARCHITECTURE §4): pharmacists and admins, their own shop's orders only. */
export async function adminOrderRoutes(app: FastifyInstance): Promise<void> {
  const { r, tags, security } = typedRoutes(app, 'admin: orders');
  // On the request, before the body is validated: a customer or a stranger learns nothing of the shapes (decision 0204).
  const onRequest = app.requireRole('pharmacist');

  r.get(
    '/admin/orders',
    { onRequest, schema: { tags, security, querystring: AdminOrderListQuerySchema, response: { 200: AdminOrderListResponseSchema } } },
    async (request) => admin.listShopOrders(app, request.user, request.query),
  );

  r.get(
    '/admin/orders/:id',
    { onRequest, schema: { tags, security, params: IdParamsSchema, response: { 200: AdminOrderResponseSchema } } },
    async (request) => ({ data: await admin.getShopOrder(app, request.user, request.params.id) }),
  );

  r.post(
    '/admin/orders/:id/finalize',
    {
      config: { openapi: { errors: ['ORDER_TRANSITION_NOT_ALLOWED'] } },
      onRequest,
      schema: { tags, security, params: IdParamsSchema, body: FinalizeOrderBodySchema, response: { 200: AdminOrderResponseSchema } },
    },
    async (request) => ({ data: await admin.finalizeOrder(actorContext(request), request.params.id, request.body) }),
  );

  r.put(
    '/admin/orders/:id/notes',
    {
      config: { openapi: { errors: ['ORDER_TRANSITION_NOT_ALLOWED'] } },
      onRequest,
      schema: { tags, security, params: IdParamsSchema, body: OrderNotesBodySchema, response: { 200: AdminOrderResponseSchema } },
    },
    async (request) => ({ data: await admin.updateNotes(actorContext(request), request.params.id, request.body) }),
  );

  for (const move of MOVES) {
    r.post(
      `/admin/orders/:id/${move}`,
      {
        onRequest,
        config: {
          openapi: {
            errors: ['ORDER_TRANSITION_NOT_ALLOWED', 'ORDER_NOT_SHIPPABLE', 'ORDER_NOT_SHIPPED', 'ORDER_ALREADY_PAID', 'ORDER_PAYMENT_IN_PROGRESS'],
          },
        },
        schema: { tags, security, params: IdParamsSchema, body: OrderTransitionBodySchema, response: { 200: AdminOrderResponseSchema } },
      },
      async (request) => ({ data: await admin.moveOrder(actorContext(request), request.params.id, move, request.body.note) }),
    );
  }

  r.get(
    '/admin/order-counts',
    { onRequest, schema: { tags, security, querystring: AdminShopQuerySchema, response: { 200: OrderCountsResponseSchema } } },
    async (request) => ({ data: await orderCounts(actorContext(request), request.query.shop_id) }),
  );
}
