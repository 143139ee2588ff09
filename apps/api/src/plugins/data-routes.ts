import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { ActorContext } from '../context.js';
import type { DocumentedErrorCode } from './openapi.js';
import { actorContext } from './request-context.js';
import { typedRoutes } from './typed-routes.js';

type Part = z.ZodType | undefined;
type Parsed<S extends Part> = S extends z.ZodType ? z.output<S> : undefined;
/** What a handler gives back: the `data` of the route's `{ data }` answer. */
type DataOf<R extends z.ZodType> = z.input<R> extends { data: infer D } ? D : never;

/** The request's parts as the contract's schemas parsed them (Fastify has validated them before the handler). */
export interface RouteInput<P extends Part, Q extends Part, B extends Part> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
}

/** What a route reads (its schemas), its own hooks beside the routes' role check, and the refusals it documents. */
export interface RouteSpec<P extends Part, Q extends Part, B extends Part> {
  params?: P;
  querystring?: Q;
  body?: B;
  /** Instead of the routes' role check (e.g. admins only). */
  onRequest?: preHandlerAsyncHookHandler;
  /** e.g. `requireRowInShop`: another shop's row is 404 before the body is validated. */
  preValidation?: preValidationAsyncHookHandler | ((request: FastifyRequest) => Promise<void>);
  /** `config.openapi.errors`: the service's refusals the declaration does not imply. */
  errors?: readonly DocumentedErrorCode[];
  /** Instead of the routes' tag. */
  tags?: string[];
}

type Handler<P extends Part, Q extends Part, B extends Part, T> = (ctx: ActorContext, input: RouteInput<P, Q, B>) => Promise<T>;

/**
 * The routes of a file whose answers are `{ data }` from one service call with the caller's context:
 * one line a route says its URL, what it reads, what it answers and which service it calls; the
 * role check, the OpenAPI tag and bearer security, the status and the envelope are written here once.
 * The schema the route declares is the one it would declare by hand (the OpenAPI document is unchanged).
 */
export function dataRoutes(app: FastifyInstance, tag: string, onRequest: preHandlerAsyncHookHandler) {
  const typed = typedRoutes(app, tag);
  const { tags, security } = typed;

  function add<P extends Part, Q extends Part, B extends Part>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    spec: RouteSpec<P, Q, B>,
    response: Record<number, z.ZodType>,
    answer: (request: FastifyRequest, reply: FastifyReply, input: RouteInput<P, Q, B>) => Promise<unknown>,
  ): void {
    const { params, querystring, body, errors, preValidation } = spec;
    app.route({
      method,
      url,
      onRequest: spec.onRequest ?? onRequest,
      ...(preValidation ? { preValidation } : {}),
      ...(errors ? { config: { openapi: { errors } } } : {}),
      schema: {
        tags: spec.tags ?? tags,
        security,
        ...(params ? { params } : {}),
        ...(querystring ? { querystring } : {}),
        ...(body ? { body } : {}),
        response,
      },
      handler: (request, reply) =>
        answer(request, reply, { params: request.params, query: request.query, body: request.body } as RouteInput<P, Q, B>),
    });
  }

  /** A route answering 200 (or `status`) with `{ data }`. */
  const ok =
    (method: 'GET' | 'POST' | 'PUT' | 'DELETE', status = 200) =>
    <R extends z.ZodType, P extends Part = undefined, Q extends Part = undefined, B extends Part = undefined>(
      url: string,
      spec: RouteSpec<P, Q, B>,
      response: R,
      handler: Handler<P, Q, B, DataOf<R>>,
    ): void =>
      add(method, url, spec, { [status]: response }, async (request, reply, input) =>
        reply.code(status).send({ data: await handler(actorContext(request), input) }),
      );

  return {
    /** The typed router, tags and security, for a route that answers something else than `{ data }`. */
    ...typed,
    onRequest,
    get: ok('GET'),
    put: ok('PUT'),
    post: ok('POST'),
    /** POST that makes a row: 201 with `{ data }`. */
    create: ok('POST', 201),
    /** DELETE answering the row as it is now (e.g. withdrawn). */
    delete: ok('DELETE'),
    /** DELETE answering 204 without a body. */
    remove<P extends Part = undefined, Q extends Part = undefined, B extends Part = undefined>(
      url: string,
      spec: RouteSpec<P, Q, B>,
      handler: Handler<P, Q, B, unknown>,
    ): void {
      add('DELETE', url, spec, { 204: z.null() }, async (request, reply, input) => {
        await handler(actorContext(request), input);
        return reply.code(204).send(null);
      });
    },
  };
}
