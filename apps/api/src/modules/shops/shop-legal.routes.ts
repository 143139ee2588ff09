import { IdParamsSchema, ShopLegalBodySchema, ShopLegalResponseSchema, ShopQuerySchema } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.js';
import { resolveShopId } from './shops.service.js';
import * as legal from './shop-legal.service.js';
import { actorContext } from '../../plugins/request-context.js';
import { typedRoutes } from '../../plugins/typed-routes.js';

/**
 * `GET /api/shop/legal`: the legal data of the shop the app shows (the same shop resolution as
 * `/option/{key}`). `GET|PUT /api/admin/shops/{id}/legal`: admins only (decision 0298).
 */
export async function shopLegalRoutes(app: FastifyInstance): Promise<void> {
  const { r, tags, security } = typedRoutes(app, 'admin: shops');

  r.get(
    '/shop/legal',
    {
      preHandler: app.authenticateOptional,
      schema: { tags: ['shops'], querystring: ShopQuerySchema, response: { 200: ShopLegalResponseSchema } },
    },
    async (request) => ({
      data: await legal.getShopLegal(app, await resolveShopId(app, currentUser(request), request.query.shop_id)),
    }),
  );

  const onRequest = app.requireRole('admin');

  r.get(
    '/admin/shops/:id/legal',
    { onRequest, schema: { tags, security, params: IdParamsSchema, response: { 200: ShopLegalResponseSchema } } },
    async (request) => ({ data: await legal.getShopLegal(app, request.params.id) }),
  );

  r.put(
    '/admin/shops/:id/legal',
    {
      onRequest,
      schema: { tags, security, params: IdParamsSchema, body: ShopLegalBodySchema, response: { 200: ShopLegalResponseSchema } },
    },
    async (request) => ({ data: await legal.updateShopLegal(actorContext(request), request.params.id, request.body) }),
  );
}
