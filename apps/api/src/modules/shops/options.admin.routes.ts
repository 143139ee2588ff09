import {
  AdminOptionsResponseSchema,
  AdminOptionsUpdateSchema,
  AdminShopQuerySchema,
  ShopUploadBodySchema,
  ShopUploadResponseSchema,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { dataRoutes } from '../../plugins/data-routes.js';
import { UPLOAD_BODY_LIMIT, rejectOversizeUpload } from '../files/index.js';
import * as options from './options.admin.service.js';
import { actorContext } from '../../plugins/request-context.js';

/** The shop's options, payment credentials (never answered) and loyalty rates; uploads of slides and PDFs. */
export async function adminOptionsRoutes(app: FastifyInstance): Promise<void> {
  // Authorization on the request, before the body is read (decision 0204).
  const route = dataRoutes(app, 'admin: shop options', app.requireRole('pharmacist'));
  const { r, tags, security, onRequest } = route;

  route.get('/admin/options', { querystring: AdminShopQuerySchema }, AdminOptionsResponseSchema, (ctx, { query }) => options.getAdminOptions(ctx, query.shop_id));
  route.put('/admin/options', { body: AdminOptionsUpdateSchema }, AdminOptionsResponseSchema, (ctx, { body }) => options.updateAdminOptions(ctx, body));
  r.post(
    '/admin/options/media',
    {
      onRequest,
      bodyLimit: UPLOAD_BODY_LIMIT,
      preValidation: rejectOversizeUpload,
      schema: { tags, security, body: ShopUploadBodySchema, response: { 201: ShopUploadResponseSchema } },
    },
    async (request, reply) => reply.code(201).send({ data: await options.uploadShopFile(actorContext(request), request.body) }),
  );
}
