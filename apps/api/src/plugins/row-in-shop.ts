import { AdminShopQuerySchema, IdParamSchema, IdParamsSchema, IdSchema } from '@farmacia/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { notFound } from '../errors.js';
import { shopScope } from '../modules/staff/index.js';

/**
 * A row id read before validation (a path's text, a body's number) by the contract's rule, or
 * undefined: the route's schemas then answer the value. An id past PostgreSQL's `integer` never
 * reaches a statement (it would be a 500, decision 0653), nor does a repeated query param (an array).
 */
export const rawRowId = (value: unknown): number | undefined => {
  const parsed = (typeof value === 'number' ? IdSchema : IdParamSchema).safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

/** Whether a row of the shop has this id. */
export type RowExists = (db: Db, shopId: number, id: number) => Promise<unknown>;

export interface RowInShopOptions {
  /**
   * 'validate': a malformed `:id` passes on to the params schema, which answers 422 (the bookings,
   * services, events and staff routes have always answered so). Default 'notFound': 404, like an unknown row.
   */
  malformedId?: 'notFound' | 'validate';
  /**
   * 'query': only `?shop_id=` picks an admin's shop, because the route's service reads it there.
   * Default 'bodyOrQuery': the body's `shop_id`, else the query's.
   */
  shopIdFrom?: 'bodyOrQuery' | 'query';
}

/**
 * preValidation of a back-office route that changes one row: a row that is not in the caller's
 * shop answers 404 before the body is validated, so another shop's pharmacist learns nothing from
 * the body's rules (the same answer as a row that does not exist; decisions 0281, 0291). Runs after the
 * role check (onRequest). Params and body are still raw here: the admin's `shop_id` is read with care.
 */
export function requireRowInShop(
  app: FastifyInstance,
  exists: RowExists,
  message?: string,
  options: RowInShopOptions = {},
) {
  return async (request: FastifyRequest): Promise<void> => {
    const id = rawRowId((request.params as { id?: unknown }).id);
    if (id === undefined && options.malformedId === 'validate') return;
    const body = request.body as { shop_id?: unknown } | null | undefined;
    const fromBody = options.shopIdFrom === 'query' ? undefined : body && typeof body === 'object' ? body.shop_id : undefined;
    const requested = rawRowId(fromBody ?? (request.query as { shop_id?: unknown }).shop_id);
    const shopId = await shopScope(app.db, request.user, requested);
    if (id === undefined || !(await exists(app.db, shopId, id))) throw notFound(message);
  };
}

/** The options of the routes that read an admin's shop from `?shop_id=` and let a malformed id reach the params schema. */
export const queryShopSchemaId: RowInShopOptions = { malformedId: 'validate', shopIdFrom: 'query' };

/**
 * What a route on one row of the admin's shop reads (bookings, services, events, staff): `:id` and
 * `?shop_id=`, another shop's row being 404 before the body is validated.
 */
export function shopRowById(app: FastifyInstance, exists: RowExists, message: string) {
  return { params: IdParamsSchema, querystring: AdminShopQuerySchema, preValidation: requireRowInShop(app, exists, message, queryShopSchemaId) };
}
