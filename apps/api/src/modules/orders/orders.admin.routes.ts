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
import { dataRoutes } from '../../plugins/data-routes.js';

/** The pharmacist's simple moves, one route each (`finalize` has its own body); the contract's rule decides. */
const MOVES = (Object.keys(PHARMACIST_ORDER_MOVES) as PharmacistOrderMove[]).filter(
  (move): move is Exclude<PharmacistOrderMove, 'finalize'> => move !== 'finalize',
);

/** `/api/admin/orders…` (ARCHITECTURE §4): pharmacists and admins, their own shop's orders only. */
export async function adminOrderRoutes(app: FastifyInstance): Promise<void> {
  // On the request, before the body is validated: a customer or a stranger learns nothing of the shapes (decision 0204).
  const route = dataRoutes(app, 'admin: orders', app.requireRole('pharmacist'));
  const { r, tags, security, onRequest } = route;

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

  const open = { params: IdParamsSchema, errors: ['ORDER_TRANSITION_NOT_ALLOWED'] } as const;
  route.post('/admin/orders/:id/finalize', { ...open, body: FinalizeOrderBodySchema }, AdminOrderResponseSchema, (ctx, { params, body }) =>
    admin.finalizeOrder(ctx, params.id, body),
  );
  route.put('/admin/orders/:id/notes', { ...open, body: OrderNotesBodySchema }, AdminOrderResponseSchema, (ctx, { params, body }) =>
    admin.updateNotes(ctx, params.id, body),
  );

  const moveErrors = ['ORDER_TRANSITION_NOT_ALLOWED', 'ORDER_NOT_SHIPPABLE', 'ORDER_NOT_SHIPPED', 'ORDER_ALREADY_PAID', 'ORDER_PAYMENT_IN_PROGRESS'] as const;
  for (const move of MOVES) {
    route.post(`/admin/orders/:id/${move}`, { params: IdParamsSchema, body: OrderTransitionBodySchema, errors: moveErrors }, AdminOrderResponseSchema, (ctx, { params, body }) =>
      admin.moveOrder(ctx, params.id, move, body.note),
    );
  }

  route.get('/admin/order-counts', { querystring: AdminShopQuerySchema }, OrderCountsResponseSchema, (ctx, { query }) => orderCounts(ctx, query.shop_id));
}
