import {
  ContentKeySchema,
  ContentResponseSchema,
  OptionResponseSchema,
  OptionsCleanResponseSchema,
  positiveIdParam,
  SetShopRequestSchema,
  ShopQuerySchema,
  ShopsResponseSchema,
} from '@farmacia/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.js';
import { currentUser } from '../../plugins/auth.js';
import { carryCartToShop } from '../cart/index.js';
import * as shops from './shops.service.js';

const tags = ['shops'];

/** Sends an image with its validator; a matching If-None-Match answers 304. */
/** The OpenAPI answers of sendMedia: an image, or 304 when the client's ETag still matches. */
const mediaAnswer = { media: { 200: ['image/png', 'image/jpeg', 'image/gif', 'image/svg+xml'], 304: null } };

function sendMedia(request: FastifyRequest, reply: FastifyReply, file: shops.MediaFile, maxAgeSeconds: number) {
  reply.header('etag', file.etag).header('cache-control', `public, max-age=${maxAgeSeconds}`);
  if (file.contentType === 'image/svg+xml') {
    // Opened directly, an SVG is a document: no scripts, no external loads.
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
  }
  if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
  return reply.type(file.contentType).send(file.bytes);
}

/** Options, content, shops, logo and media (spec §7 "Options, content and shops"). */
export async function shopsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/option/:key',
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags,
        params: z.object({ key: z.string().max(100) }),
        querystring: ShopQuerySchema,
        response: { 200: OptionResponseSchema },
      },
    },
    async (request) => {
      const shopId = await shops.resolveShopId(app, currentUser(request), request.query.shop_id);
      return { data: await shops.getOption(app, shopId, request.params.key) };
    },
  );

  r.get(
    '/optionsClean',
    {
      preHandler: app.authenticateOptional,
      schema: { tags, querystring: ShopQuerySchema, response: { 200: OptionsCleanResponseSchema } },
    },
    async (request) => {
      const shopId = await shops.resolveShopId(app, currentUser(request), request.query.shop_id);
      return { data: await shops.getPublicOptions(app, shopId) };
    },
  );

  r.get(
    '/content/:key',
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags,
        params: z.object({ key: z.string().max(100) }),
        querystring: ShopQuerySchema,
        response: { 200: ContentResponseSchema },
      },
    },
    async (request) => {
      const key = ContentKeySchema.safeParse(request.params.key);
      if (!key.success) throw notFound();
      const shopId = await shops.resolveShopId(app, currentUser(request), request.query.shop_id);
      return { data: await shops.getContent(app, shopId, key.data) };
    },
  );

  r.get(
    '/shops',
    { preHandler: app.authenticateOptional, schema: { tags, response: { 200: ShopsResponseSchema } } },
    async (request) => shops.listShops(app, currentUser(request)),
  );

  r.put(
    '/shops',
    {
      config: { openapi: { errors: ['NOT_FOUND'] } },
      onRequest: app.authenticate,
      schema: { tags, security: [{ bearer: [] }], body: SetShopRequestSchema, response: { 200: ShopsResponseSchema } },
    },
    async (request) => {
      const answer = await shops.setUserShop(app, request.user, request.body.shop_id);
      // The cart follows the customer to the new pharmacy, re-priced there (issue 18).
      await carryCartToShop(app, request.user.id, request.user.shopId, request.body.shop_id);
      return answer;
    },
  );

  r.get(
    '/logo/logo.png',
    { preHandler: app.authenticateOptional, config: { openapi: mediaAnswer }, schema: { tags, querystring: ShopQuerySchema } },
    async (request, reply) => {
      const shopId = await shops.resolveShopId(app, currentUser(request), request.query.shop_id);
      // The app adds its version as a cache key (spec §9); a day is a fair life otherwise.
      return sendMedia(request, reply, await shops.getLogo(app, shopId), 86_400);
    },
  );

  r.get(
    '/media/:shopId/:name',
    {
      config: { openapi: mediaAnswer },
      schema: {
        tags,
        params: z.object({ shopId: z.string().max(12), name: z.string().max(80) }),
      },
    },
    async (request, reply) => {
      // A malformed address is simply not a file we serve: 404, like any unknown path.
      const shopId = positiveIdParam(request.params.shopId);
      const { name } = request.params;
      if (shopId === undefined || !/^[a-z0-9-]{1,60}\.(png|svg|jpg|gif)$/.test(name)) throw notFound();
      return sendMedia(request, reply, await shops.getMedia(app, shopId, name), 86_400);
    },
  );
}
