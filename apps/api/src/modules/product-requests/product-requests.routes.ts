import {
  IdParamsSchema,
  ProductRequestCreateBodySchema,
  ProductRequestListResponseSchema,
  ProductRequestResponseSchema,
  ProductRequestUpdateBodySchema,
  HealthDataErrorCode,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../plugins/typed-routes.js';
import { z } from 'zod';
import { cartOwnerOf } from '../cart/index.js';
import { uploadRouteOptions } from '../files/index.js';
import * as requests from './product-requests.service.js';

/** `GET/POST /api/cart/product_requests`, `GET/PUT/DELETE /api/cart/product_requests/:id` (spec §7 Cart). */
export async function productRequestRoutes(app: FastifyInstance): Promise<void> {
  const { r, tags, security } = typedRoutes(app, 'cart');
  // Authenticated first (onRequest): a caller without a token gets 401, never a validation error.
  const onRequest = app.authenticate;

  r.get(
    '/cart/product_requests',
    { onRequest, schema: { tags, security, response: { 200: ProductRequestListResponseSchema } } },
    async (request) => ({ data: await requests.listProductRequests(app, cartOwnerOf(request.user)) }),
  );

  r.get(
    '/cart/product_requests/:id',
    { onRequest, schema: { tags, security, params: IdParamsSchema, response: { 200: ProductRequestResponseSchema } } },
    async (request) => ({ data: await requests.getProductRequest(app, cartOwnerOf(request.user), request.params.id) }),
  );

  r.post(
    '/cart/product_requests',
    {
      ...uploadRouteOptions,
      // Authenticated before the (large) body is read and checked.
      onRequest: app.authenticate,
      // Health data: refused without its separate consent (decision 0410).
      config: { openapi: { errors: [HealthDataErrorCode.CONSENT_REQUIRED] } },
      schema: { tags, security, body: ProductRequestCreateBodySchema, response: { 201: ProductRequestResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await requests.createProductRequest(app, cartOwnerOf(request.user), request.body) }),
  );

  r.put(
    '/cart/product_requests/:id',
    {
      ...uploadRouteOptions,
      // Authenticated before the (large) body is read and checked.
      onRequest: app.authenticate,
      // Health data: refused without its separate consent (decision 0410).
      config: { openapi: { errors: [HealthDataErrorCode.CONSENT_REQUIRED] } },
      schema: { tags, security, params: IdParamsSchema, body: ProductRequestUpdateBodySchema, response: { 200: ProductRequestResponseSchema } },
    },
    async (request) => ({
      data: await requests.updateProductRequest(app, cartOwnerOf(request.user), request.params.id, request.body),
    }),
  );

  r.delete('/cart/product_requests/:id', { onRequest, schema: { tags, security, params: IdParamsSchema, response: { 204: z.null() } } }, async (request, reply) => {
    await requests.deleteProductRequest(app, cartOwnerOf(request.user), request.params.id);
    return reply.status(204).send(null);
  });
}
