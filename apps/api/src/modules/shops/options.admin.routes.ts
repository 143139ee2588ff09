import {
  AdminOptionsResponseSchema,
  AdminOptionsUpdateSchema,
  AdminShopQuerySchema,
  ShopUploadBodySchema,
  ShopUploadResponseSchema,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../plugins/typed-routes.js';
import { UPLOAD_BODY_LIMIT, rejectOversizeUpload } from '../files/index.js';
import * as options from './options.admin.service.js';
import { actorContext } from '../../plugins/request-context.js';

/** The shop's options, payment credentials (never answered) and loyalty rates; uploads of slides and PDFs. */
export async function adminOptionsRoutes(app: FastifyInstance): Promise<void> {
  const { r, tags, security } = typedRoutes(app, 'admin: shop options');
  // Authorization on the request, before the body is read (decision 0204).
  const onRequest = app.requireRole('pharmacist');

  r.get(
    '/admin/options',
    { onRequest, schema: { tags, security, querystring: AdminShopQuerySchema, response: { 200: AdminOptionsResponseSchema } } },
    async (request) => ({ data: await options.getAdminOptions(actorContext(request), request.query.shop_id) }),
  );
  r.put(
    '/admin/options',
    { onRequest, schema: { tags, security, body: AdminOptionsUpdateSchema, response: { 200: AdminOptionsResponseSchema } } },
    async (request) => ({ data: await options.updateAdminOptions(actorContext(request), request.body) }),
  );
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
