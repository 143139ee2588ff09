import { z } from 'zod';
import { MAX_PAGE_SIZE, SEARCH_DEFAULT_RPP } from '../constants.js';
import { fillMessage } from './messages.js';
import { validationMessages } from './message-groups.js';

/** Highest page number accepted. */
export const MAX_PAGE_NUMBER = 10_000;

/**
 * Paging query of spec §7 (`?rpp&p`): `p` is the page number starting at 1, `rpp` the rows per
 * page, capped at {@link MAX_PAGE_SIZE} so a request cannot ask for the whole catalogue; page
 * numbers are capped too so an offset cannot overflow. Query values arrive as text and are coerced.
 */
export function pagingQuerySchema(defaultRpp: number = SEARCH_DEFAULT_RPP) {
  return z.object({
    p: z.coerce
      .number({ error: validationMessages.integer })
      .int(validationMessages.integer)
      .min(1, fillMessage(validationMessages.between, { min: 1, max: MAX_PAGE_NUMBER }))
      .max(MAX_PAGE_NUMBER, fillMessage(validationMessages.between, { min: 1, max: MAX_PAGE_NUMBER }))
      .default(1),
    rpp: z.coerce
      .number({ error: validationMessages.integer })
      .int(validationMessages.integer)
      .min(1, fillMessage(validationMessages.between, { min: 1, max: MAX_PAGE_SIZE }))
      .max(MAX_PAGE_SIZE, fillMessage(validationMessages.between, { min: 1, max: MAX_PAGE_SIZE }))
      .default(defaultRpp),
  });
}

/** `?p&rpp` with the search endpoint's default of 5 rows (spec §9). */
export const PagingQuerySchema = pagingQuerySchema();
export type PagingQuery = z.infer<typeof PagingQuerySchema>;

/** Rows to skip for a page. */
export function pageOffset(paging: PagingQuery): number {
  return (paging.p - 1) * paging.rpp;
}

/** Number of pages for `total` rows (0 rows → 0 pages), the `totPages` of spec §7. */
export function totalPages(total: number, rpp: number): number {
  return total <= 0 ? 0 : Math.ceil(total / rpp);
}
