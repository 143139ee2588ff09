import {
  MAX_PAGE_SIZE,
  MAX_ROW_ID,
  SEARCH_DEFAULT_RPP,
  SEARCH_MAX_LENGTH,
  SEARCH_MAX_RESULT_WINDOW,
  type SearchQuery,
  SearchQuerySchema,
} from '@farmacia/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/** A whole number as the app writes it in a query string: digits, no sign, no leading zero. */
const PLAIN_NUMBER = /^[1-9][0-9]{0,8}$/;

/**
 * The search's query string as {@link SearchQuerySchema} reads it, for the query strings the app
 * sends (`q` as text, `rpp`, `p` and `shop_id` as plain numbers within their bounds); null for
 * anything else, which the schema itself then judges, Italian messages and all (decision 0597).
 * The busiest call of the API: the schema's generic walk was ~5 % of its CPU under load. Its
 * answers are the schema's (the test compares them); unknown parameters are dropped, as it does.
 */
export function plainSearchQuery(query: unknown): SearchQuery | null {
  if (typeof query !== 'object' || query === null) return null;
  const { q = '', rpp, p, shop_id } = query as Record<string, unknown>;
  if (typeof q !== 'string' || q.length > SEARCH_MAX_LENGTH) return null;
  const size = rpp === undefined ? SEARCH_DEFAULT_RPP : plainNumber(rpp, MAX_PAGE_SIZE);
  const page = p === undefined ? 1 : plainNumber(p, SEARCH_MAX_RESULT_WINDOW);
  if (size === null || page === null || (page - 1) * size >= SEARCH_MAX_RESULT_WINDOW) return null;
  if (shop_id === undefined) return { q, rpp: size, p: page };
  const shop = plainNumber(shop_id, MAX_ROW_ID);
  return shop === null ? null : { q, rpp: size, p: page, shop_id: shop };
}

function plainNumber(value: unknown, max: number): number | null {
  if (typeof value !== 'string' || !PLAIN_NUMBER.test(value)) return null;
  const n = Number(value);
  return n <= max ? n : null;
}

/**
 * The search route's validator: {@link plainSearchQuery} first, the app's own (the zod compiler)
 * for anything it does not take and for the other parts of the request.
 */
export function searchValidatorCompiler<S>(route: Parameters<FastifySchemaCompiler<S>>[0]): ReturnType<FastifySchemaCompiler<S>> {
  const full = validatorCompiler(route as unknown as Parameters<FastifySchemaCompiler<ZodType>>[0]);
  if (route.httpPart !== 'querystring') return full;
  return (data) => {
    const value = plainSearchQuery(data);
    return value === null ? full(data) : { value };
  };
}
