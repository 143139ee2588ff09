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
import { typedRoutes } from '../../plugins/typed-routes.js';
import { requireRowInShop } from '../../plugins/row-in-shop.js';
import { requestExists } from './info-requests.admin.repository.js';
import * as inbox from './info-requests.admin.service.js';
import { actorContext } from '../../plugins/request-context.js';

/** Customers' info requests about shop services: list newest first, open, mark handled with a reply. */
export async function adminInboxRoutes(app: FastifyInstance): Promise<void> {
  const { r, tags, security } = typedRoutes(app, 'admin: info requests');
  const onRequest = app.requireRole('pharmacist');

  r.get(
    '/admin/info-requests',
    { onRequest, schema: { tags, security, querystring: InfoRequestListQuerySchema, response: { 200: AdminInfoRequestListResponseSchema } } },
    async (request) => inbox.listRequests(actorContext(request), request.query.status, request.query.shop_id),
  );
  r.get(
    '/admin/info-requests/:id',
    {
      onRequest,
      schema: { tags, security, params: IdParamsSchema, querystring: AdminShopQuerySchema, response: { 200: AdminInfoRequestResponseSchema } },
    },
    async (request) => ({ data: await inbox.getRequest(actorContext(request), request.params.id, request.query.shop_id) }),
  );
  r.post(
    '/admin/info-requests/:id/handle',
    {
      onRequest,
      preValidation: requireRowInShop(app, requestExists, messages.backofficeShop.infoRequestNotFound),
      schema: { tags, security, params: IdParamsSchema, body: InfoRequestHandleBodySchema, response: { 200: AdminInfoRequestResponseSchema } },
    },
    async (request) => ({ data: await inbox.handleRequest(actorContext(request), request.params.id, request.body) }),
  );
}
