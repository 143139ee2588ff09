import {
  type AdminProduct,
  messages,
  AdminProductParamsSchema,
  AdminProductResponseSchema,
  AdminProductUpdateSchema,
  AdminPromotionSchema,
  AdminShopQuerySchema,
  CATALOGUE_UPLOAD_MAX_BYTES,
  CatalogueImportJobResponseSchema,
  CatalogueUploadQuerySchema,
  IdParamsSchema,
} from '@farmacia/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import { notFound } from '../../errors.js';
import { shopScope } from '../staff/index.js';
import * as catalogue from './catalogue.admin.service.js';
import { actorContext } from '../../plugins/request-context.js';
import { rawRowId } from '../../plugins/row-in-shop.js';
import { typedRoutes } from '../../plugins/typed-routes.js';

/** The file travels as the body itself (`text/csv`), not in JSON: no base64, no 33% more bytes. */
const FILE_TYPES = ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel', 'application/octet-stream'];

declare module 'fastify' {
  interface FastifyRequest {
    /** The product a product route's preValidation read for its 404: what `GET` answers, without reading it again. */
    adminProduct?: AdminProduct;
  }
}

/** `/api/admin/catalogue/…` (decision 0295): pharmacists and admins; customers 403. */
export async function adminCatalogueRoutes(app: FastifyInstance): Promise<void> {
  const { r, tags, security } = typedRoutes(app, 'admin: catalogue');
  const onRequest = app.requireRole('pharmacist');
  app.addContentTypeParser(FILE_TYPES, { parseAs: 'buffer', bodyLimit: CATALOGUE_UPLOAD_MAX_BYTES }, (_request, body, done) => done(null, body));
  app.addHook('onClose', async () => catalogue.drainImports(app));

  /** A declared length over the limit is refused before a byte is read, with the limit in the message. */
  const preParsing = async (request: FastifyRequest, _reply: FastifyReply, payload: RequestPayload) => {
    const length = Number(request.headers['content-length']);
    if (Number.isFinite(length) && length > CATALOGUE_UPLOAD_MAX_BYTES) throw catalogue.fileTooLarge(CATALOGUE_UPLOAD_MAX_BYTES);
    return payload;
  };

  r.post(
    '/admin/catalogue/imports',
    {
      onRequest,
      preParsing,
      bodyLimit: CATALOGUE_UPLOAD_MAX_BYTES,
      config: { openapi: { rawBody: FILE_TYPES } },
      schema: { tags, security, consumes: ['text/csv'], querystring: CatalogueUploadQuerySchema, response: { 202: CatalogueImportJobResponseSchema } },
    },
    async (request, reply) => reply.code(202).send({ data: await catalogue.startImport(actorContext(request), request.body, request.query.name) }),
  );

  r.get(
    '/admin/catalogue/imports/:id',
    {
      onRequest,
      schema: { tags, security, params: IdParamsSchema, querystring: AdminShopQuerySchema, response: { 200: CatalogueImportJobResponseSchema } },
    },
    async (request) => ({
      data: await catalogue.getImport(app, await shopScope(app.db, request.user, request.query.shop_id), request.params.id),
    }),
  );

  /**
   * The shop whose offer a product route reads and writes (issue 18): the pharmacist's own; an
   * admin's, or the one an admin names with `shop_id`. Read before validation too (preValidation),
   * so the query may still be text there.
   */
  const scopeOf = (request: FastifyRequest) => shopScope(app.db, request.user, rawRowId((request.query as { shop_id?: unknown } | undefined)?.shop_id));

  /** preValidation of the product routes: an unknown code, or one the shop has no offer of, is 404 before the body is looked at. */
  const preValidation = async (request: FastifyRequest): Promise<void> => {
    const code = (request.params as { code?: unknown }).code;
    if (typeof code !== 'string' || !/^\d{9}$/.test(code)) throw notFound(messages.backofficeCatalogue.productNotFound);
    request.adminProduct = await catalogue.getProduct(app, await scopeOf(request), code);
  };
  // A field of the request, as the cart's read (decision 0641): not a WeakMap by request.
  app.decorateRequest('adminProduct', undefined);

  r.get(
    '/admin/catalogue/products/:code',
    { onRequest, preValidation, schema: { tags, security, params: AdminProductParamsSchema, querystring: AdminShopQuerySchema, response: { 200: AdminProductResponseSchema } } },
    // preValidation read it (the same shop and code): the answer, not a second read.
    async (request) => ({ data: request.adminProduct as AdminProduct }),
  );

  r.put(
    '/admin/catalogue/products/:code',
    {
      onRequest,
      preValidation,
      schema: { tags, security, params: AdminProductParamsSchema, querystring: AdminShopQuerySchema, body: AdminProductUpdateSchema, response: { 200: AdminProductResponseSchema } },
    },
    async (request) => ({ data: await catalogue.updateProduct(actorContext(request), await scopeOf(request), request.params.code, request.body) }),
  );

  r.put(
    '/admin/catalogue/products/:code/promotion',
    {
      onRequest,
      preValidation,
      schema: { tags, security, params: AdminProductParamsSchema, querystring: AdminShopQuerySchema, body: AdminPromotionSchema, response: { 200: AdminProductResponseSchema } },
    },
    async (request) => ({ data: await catalogue.setPromotion(actorContext(request), await scopeOf(request), request.params.code, request.body) }),
  );

  r.delete(
    '/admin/catalogue/products/:code/promotion',
    { onRequest, preValidation, schema: { tags, security, params: AdminProductParamsSchema, querystring: AdminShopQuerySchema, response: { 200: AdminProductResponseSchema } } },
    async (request) => ({ data: await catalogue.clearPromotion(actorContext(request), await scopeOf(request), request.params.code) }),
  );
}
