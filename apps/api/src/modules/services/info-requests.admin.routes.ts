import {
  AdminInfoRequestListResponseSchema,
  AdminInfoRequestResponseSchema,
  AdminShopQuerySchema,
  IdParamsSchema,
  InfoRequestHandleBodySchema,
  InfoRequestListQuerySchema,
  messages,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { dataRoutes } from '../../plugins/data-routes.js';
import { requireRowInShop } from '../../plugins/row-in-shop.js';
import { requestExists } from './info-requests.admin.repository.js';
import * as inbox from './info-requests.admin.service.js';
import { actorContext } from '../../plugins/request-context.js';

/** Customers' info requests about shop services: list newest first, open, mark handled with a reply. */
export async function adminInboxRoutes(app: FastifyInstance): Promise<void> {
  const route = dataRoutes(app, 'admin: info requests', app.requireRole('pharmacist'));
  const { r, tags, security, onRequest } = route;

  // The list answers the service's page as it is (not wrapped in `data`).
  r.get(
    '/admin/info-requests',
    { onRequest, schema: { tags, security, querystring: InfoRequestListQuerySchema, response: { 200: AdminInfoRequestListResponseSchema } } },
    async (request) => inbox.listRequests(actorContext(request), request.query.status, request.query.shop_id),
  );
  route.get('/admin/info-requests/:id', { params: IdParamsSchema, querystring: AdminShopQuerySchema }, AdminInfoRequestResponseSchema, (ctx, { params, query }) =>
    inbox.getRequest(ctx, params.id, query.shop_id),
  );
  route.post(
    '/admin/info-requests/:id/handle',
    { params: IdParamsSchema, preValidation: requireRowInShop(app, requestExists, messages.backofficeShop.infoRequestNotFound), body: InfoRequestHandleBodySchema },
    AdminInfoRequestResponseSchema,
    (ctx, { params, body }) => inbox.handleRequest(ctx, params.id, body),
  );
}
