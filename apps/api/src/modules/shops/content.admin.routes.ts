import {
  AdminContentBodySchema,
  AdminContentListResponseSchema,
  AdminContentResponseSchema,
  AdminShopQuerySchema,
  ContentPreviewResponseSchema,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { dataRoutes } from '../../plugins/data-routes.js';
import { z } from 'zod';
import * as content from './content.admin.service.js';
import { actorContext } from '../../plugins/request-context.js';

/** The shop's content pages (FAQ, privacy, terms, notes): list, preview, save. */
export async function adminContentRoutes(app: FastifyInstance): Promise<void> {
  const route = dataRoutes(app, 'admin: shop content', app.requireRole('pharmacist'));
  const { r, tags, security, onRequest } = route;

  route.get('/admin/content', { querystring: AdminShopQuerySchema }, AdminContentListResponseSchema, (ctx, { query }) => content.listContent(ctx, query.shop_id));
  r.post(
    '/admin/content/preview',
    { onRequest, schema: { tags, security, body: AdminContentBodySchema, response: { 200: ContentPreviewResponseSchema } } },
    async (request) => {
      // Nothing is saved: not an action for the audit trail's safety net.
      actorContext(request).audited = true;
      return { data: { html: content.previewContent(request.body.html) } };
    },
  );
  r.put(
    '/admin/content/:key',
    {
      onRequest,
      // An unknown key is 404 before the body is looked at.
      preValidation: async (request) => {
        content.contentKey((request.params as { key: string }).key);
      },
      schema: {
        tags,
        security,
        params: z.object({ key: z.string().max(60) }),
        body: AdminContentBodySchema,
        response: { 200: AdminContentResponseSchema },
      },
    },
    async (request) => ({ data: await content.saveContent(actorContext(request), content.contentKey(request.params.key), request.body) }),
  );
}
