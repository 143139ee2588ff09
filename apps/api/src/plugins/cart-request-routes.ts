import { HealthDataErrorCode, IdParamsSchema } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceContext } from '../context.js';
import { type CartOwner, cartOwnerOf } from '../modules/cart/index.js';
import { uploadRouteOptions } from '../modules/files/index.js';
import { typedRoutes } from './typed-routes.js';

type Data<R extends z.ZodType> = z.input<R> extends { data: infer D } ? D : never;

/** The service of a kind of cart request (prescriptions, product requests), typed by the kind's schemas. */
export interface CartRequestService<L extends z.ZodType, O extends z.ZodType, C extends z.ZodType, U extends z.ZodType> {
  list(ctx: ServiceContext, owner: CartOwner): Promise<Data<L>>;
  get(ctx: ServiceContext, owner: CartOwner, id: number): Promise<Data<O>>;
  create(ctx: ServiceContext, owner: CartOwner, body: z.output<C>): Promise<Data<O>>;
  update(ctx: ServiceContext, owner: CartOwner, id: number, body: z.output<U>): Promise<Data<O>>;
  remove(ctx: ServiceContext, owner: CartOwner, id: number): Promise<unknown>;
}

/**
 * `GET/POST <path>`, `GET/PUT/DELETE <path>/:id` of a kind of cart request (spec §7 Cart): the
 * customer's own rows only, a file upload in the body of the writes.
 */
export function cartRequestRoutes<L extends z.ZodType, O extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  app: FastifyInstance,
  path: string,
  schemas: { list: L; one: O; create: C; update: U },
  kind: CartRequestService<L, O, C, U>,
): void {
  // Untyped router: the schemas are the kind's, so the request's parts are typed here by hand.
  const { tags, security } = typedRoutes(app, 'cart');
  const r = app;
  type Id = { Params: { id: number } };
  // Authenticated first (onRequest): a caller without a token gets 401, never a validation error.
  const onRequest = app.authenticate;
  const params = IdParamsSchema;
  // Authenticated before the (large) body is read and checked; health data: refused without its separate consent (decision 0410).
  const upload = { ...uploadRouteOptions, onRequest, config: { openapi: { errors: [HealthDataErrorCode.CONSENT_REQUIRED] } } };

  r.get(path, { onRequest, schema: { tags, security, response: { 200: schemas.list } } }, async (request) => ({
    data: await kind.list(app, cartOwnerOf(request.user)),
  }));
  r.get<Id>(`${path}/:id`, { onRequest, schema: { tags, security, params, response: { 200: schemas.one } } }, async (request) => ({
    data: await kind.get(app, cartOwnerOf(request.user), request.params.id),
  }));
  r.post(path, { ...upload, schema: { tags, security, body: schemas.create, response: { 201: schemas.one } } }, async (request, reply) =>
    reply.status(201).send({ data: await kind.create(app, cartOwnerOf(request.user), request.body as z.output<C>) }),
  );
  r.put<Id>(`${path}/:id`, { ...upload, schema: { tags, security, params, body: schemas.update, response: { 200: schemas.one } } }, async (request) => ({
    data: await kind.update(app, cartOwnerOf(request.user), request.params.id, request.body as z.output<U>),
  }));
  r.delete<Id>(`${path}/:id`, { onRequest, schema: { tags, security, params, response: { 204: z.null() } } }, async (request, reply) => {
    await kind.remove(app, cartOwnerOf(request.user), request.params.id);
    return reply.status(204).send(null);
  });
}
