import { HealthDataErrorCode, IdParamsSchema } from '@farmacia/contract';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
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
  const { tags, security } = typedRoutes(app, 'cart');
  // Authenticated first (onRequest): a caller without a token gets 401, never a validation error.
  const onRequest = app.authenticate;
  const params = IdParamsSchema;
  // Authenticated before the (large) body is read and checked; health data: refused without its separate consent (decision 0410).
  const upload = { ...uploadRouteOptions, onRequest, config: { openapi: { errors: [HealthDataErrorCode.CONSENT_REQUIRED] } } };
  // The kind's schemas are generic here: the request's parts are typed by hand (Fastify has validated them).
  const id = (request: FastifyRequest) => (request.params as { id: number }).id;
  const owner = (request: FastifyRequest) => cartOwnerOf(request.user);
  const route = (options: RouteOptions) => app.route(options);

  route({ method: 'GET', url: path, onRequest, schema: { tags, security, response: { 200: schemas.list } }, handler: async (request) => ({
    data: await kind.list(app, owner(request)),
  }) });
  route({ method: 'GET', url: `${path}/:id`, onRequest, schema: { tags, security, params, response: { 200: schemas.one } }, handler: async (request) => ({
    data: await kind.get(app, owner(request), id(request)),
  }) });
  route({ method: 'POST', url: path, ...upload, schema: { tags, security, body: schemas.create, response: { 201: schemas.one } }, handler: async (request, reply) =>
    reply.status(201).send({ data: await kind.create(app, owner(request), request.body as z.output<C>) }),
  });
  route({ method: 'PUT', url: `${path}/:id`, ...upload, schema: { tags, security, params, body: schemas.update, response: { 200: schemas.one } }, handler: async (request) => ({
    data: await kind.update(app, owner(request), id(request), request.body as z.output<U>),
  }) });
  route({ method: 'DELETE', url: `${path}/:id`, onRequest, schema: { tags, security, params, response: { 204: z.null() } }, handler: async (request, reply) => {
    await kind.remove(app, owner(request), id(request));
    return reply.status(204).send(null);
  } });
}
