import { AdminShopBodySchema, AdminShopListResponseSchema, AdminShopResponseSchema, IdParamsSchema } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../plugins/typed-routes.js';
import * as shops from './shops.admin.service.js';
import { actorContext } from '../../plugins/request-context.js';

/** `/api/admin/shops…` (decision 0298): admins only; pharmacists 403, customers 403. */
export async function adminShopRoutes(app: FastifyInstance): Promise<void> {
  const { r, tags, security } = typedRoutes(app, 'admin: shops');
  const onRequest = app.requireRole('admin');

  r.get('/admin/shops', { onRequest, schema: { tags, security, response: { 200: AdminShopListResponseSchema } } }, async () => ({
    data: await shops.listShops(app),
  }));

  r.post(
    '/admin/shops',
    { onRequest, schema: { tags, security, body: AdminShopBodySchema, response: { 201: AdminShopResponseSchema } } },
    async (request, reply) => reply.code(201).send({ data: await shops.createShop(actorContext(request), request.body) }),
  );

  r.put(
    '/admin/shops/:id',
    { onRequest, schema: { tags, security, params: IdParamsSchema, body: AdminShopBodySchema, response: { 200: AdminShopResponseSchema } } },
    async (request) => ({ data: await shops.updateShop(actorContext(request), request.params.id, request.body) }),
  );
}
