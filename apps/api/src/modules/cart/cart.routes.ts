import {
  CartProductParamsSchema,
  CartQuantityBodySchema,
  CartResponseSchema,
  CartUpdateBodySchema,
  IdParamsSchema,
  IdSchema,
  VoucherCodeBodySchema,
  VoucherCodeParamsSchema,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fastSerializerCompiler } from '../../plugins/fast-response.js';
import { cartOwnerOf } from './cart-owner.js';
import { type CartRead, type SessionWithCart, sessionWithCart } from './cart.repository.js';
import { engineOf } from '../../db/column.js';
import * as cart from './cart.service.js';

const AppliedVoucherParamsSchema = z.object({
  code: IdSchema.meta({ description: 'The id of the voucher applied to the cart (its `id` in the cart).' }),
});

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The cart routes' own (decision 0629): the caller's cart as the session's statement read it (null: none
     * yet), for the handler; undefined when the caller was authenticated otherwise (the handler reads itself).
     */
    cartRead?: CartRead | null;
  }
}

const tags = ['cart'];
const security = [{ bearer: [] }];
const response = { 200: CartResponseSchema };
// Every cart call answers the whole priced cart: serialised without zod (decision 0555).
const serializerCompiler = fastSerializerCompiler;

/**
 * `GET/PUT /api/cart`, `POST/DELETE /api/cart/products/:code`, `DELETE /api/cart/:id`,
 * `POST /api/cart/vouchers/:code`, `DELETE /api/cart/vouchers/:id` (spec §7 Cart). Every call
 * answers the whole cart, priced on the server.
 */
export async function cartRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Authenticated first (onRequest): a caller without a token gets 401, never a validation error.
  const onRequest = app.authenticate;
  // The cart read and the set (issue 22, decision 0629): the session's statement reads the caller's cart too,
  // kept on the request for the handler (nothing kept when the caller was authenticated before, as by another hook).
  // A field of the request, not a WeakMap by request: V8's scavenges keep a WeakMap's values alive whatever
  // their keys, so every cart read since the last one was copied again (~3.6 MB a scavenge, decision 0641).
  app.decorateRequest('cartRead', undefined);
  const onRequestReadingCart = app.authenticateReading(sessionWithCart, (request, session) => {
    request.cartRead = session.cart;
  });

  r.get('/cart', { onRequest: onRequestReadingCart, serializerCompiler, schema: { tags, security, response } }, async (request) => ({
    data: await cart.getCart(app, cartOwnerOf(request.user), request.cartRead),
  }));

  r.put('/cart', { onRequest, serializerCompiler, schema: { tags, security, body: CartUpdateBodySchema, response } }, async (request) => ({
    data: await cart.updateCheckoutChoices(app, cartOwnerOf(request.user), request.body),
  }));

  // The busiest write (issue 22). PostgreSQL: the session is read by the statement that writes the line, one round trip
  // and one commit (decision 0683); the token alone is checked first, the session's rules by that statement and after it.
  const setInOneStatement = engineOf(app.db) === 'postgres';
  r.post(
    '/cart/products/:code',
    {
      config: { openapi: { errors: ['PRODUCT_NOT_FOUND'] } },
      ...(setInOneStatement ? { onRequest: app.tokenFirst.onRequest, errorHandler: app.tokenFirst.errorHandler } : { onRequest: onRequestReadingCart }),
      serializerCompiler,
      schema: { tags, security, params: CartProductParamsSchema, body: CartQuantityBodySchema, response },
    },
    async (request) => {
      const { code } = request.params;
      const { quantity } = request.body;
      const claims = request.tokenClaims;
      if (claims === null) return { data: await cart.setProductQuantity(app, cartOwnerOf(request.user), code, quantity, request.cartRead) };
      const pass = (session: SessionWithCart | undefined, nowMs: number) => cartOwnerOf(app.tokenFirst.pass(request, session, nowMs));
      return { data: await cart.setProductQuantityWithSession(app, claims, code, quantity, pass) };
    },
  );

  r.delete(
    '/cart/products/:code',
    { onRequest, serializerCompiler, schema: { tags, security, params: CartProductParamsSchema, response } },
    async (request) => ({ data: await cart.removeProduct(app, cartOwnerOf(request.user), request.params.code) }),
  );

  r.post(
    '/cart/vouchers/:code',
    {
      onRequest,
      // The spec sends the code twice (path and body); the path decides, the body may be left out.
      serializerCompiler, schema: { tags, security, params: VoucherCodeParamsSchema, body: VoucherCodeBodySchema.partial().nullish(), response },
    },
    async (request) => ({ data: await cart.applyVoucher(app, cartOwnerOf(request.user), request.params.code) }),
  );

  // Named `code` like the POST's at the same path position (one path in the OpenAPI document,
  // decision 0450), though it is the id of the voucher applied to the cart.
  r.delete(
    '/cart/vouchers/:code',
    { config: { openapi: { errors: ['VOUCHER_NOT_IN_CART'] } }, onRequest, serializerCompiler, schema: { tags, security, params: AppliedVoucherParamsSchema, response } },
    async (request) => ({ data: await cart.removeVoucher(app, cartOwnerOf(request.user), request.params.code) }),
  );

  r.delete('/cart/:id', { onRequest, serializerCompiler, schema: { tags, security, params: IdParamsSchema, response } }, async (request) => ({
    data: await cart.clearOwnCart(app, cartOwnerOf(request.user), request.params.id),
  }));
}
