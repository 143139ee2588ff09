import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { notFound } from '../errors.js';
import { shopScope } from '../modules/staff/index.js';

const positiveInt = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/**
 * preValidation of a back-office route that changes one row: a row that is not in the caller's
 * shop answers 404 before the body is validated, so another shop's pharmacist learns nothing from
 * the body's rules (the same answer as a row that does not exist; decision 0281). Runs after the
 * role check (onRequest). Params and body are still raw here: the admin's `shop_id` is read with care.
 */
export function requireRowInShop(
  app: FastifyInstance,
  exists: (db: Db, shopId: number, id: number) => Promise<unknown>,
  message?: string,
) {
  return async (request: FastifyRequest): Promise<void> => {
    const id = positiveInt((request.params as { id?: unknown }).id);
    const body = request.body as { shop_id?: unknown } | null | undefined;
    const requested = positiveInt((body && typeof body === 'object' ? body.shop_id : undefined) ?? (request.query as { shop_id?: unknown }).shop_id);
    const shopId = await shopScope(app.db, request.user, requested);
    if (id === undefined || !(await exists(app.db, shopId, id))) throw notFound(message);
  };
}
