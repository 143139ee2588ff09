import type { CategoryWithChildren, ProductRecord } from '../modules/catalogue/index.js';

/**
 * The port behind `GET /product/search` (ARCHITECTURE §3): full-text search over the catalogue,
 * with an adapter per engine (SQLite FTS5, PostgreSQL tsvector + pg_trgm). Both rank the same way
 * (decision 0166):
 *
 *   0. the exact ministerial code;
 *   1. the name starts with the typed text;
 *   2. the name starts with the first word and contains the others;
 *   3. the name contains every word;
 *   4. every word is in the name or the active principle;
 *   5. … or the manufacturer;
 *   6. … or anywhere else indexed (ATC, code);
 *   then, only when none of that matches, substrings of the name, then spelling-corrected words.
 *
 * Within a tier, products come in popularity order (`rank`), never by a relevance score: a score
 * must be computed for every match before the first page can be cut, which collapsed under load
 * on broad words (ARCHITECTURE §3). Tiers are disjoint, so a page is cut across them with
 * LIMIT/OFFSET on each, and only the tiers before the page are counted.
 */
export interface ProductSearch {
  /**
   * The outcome, or a promise of it when something must be read first. An adapter answers from
   * what it holds without a promise (SQLite, decision 0691): each async step on the route's path
   * cost a request its promise, its suspended frame and a turn of the microtask queue.
   */
  search(request: SearchRequest): SearchOutcome | Promise<SearchOutcome>;
  /**
   * Optional: a page of the products of the category at the slug path `paths.at(-1)` (its
   * subtree) on the shop's shelf, most popular first, from the adapter's memory, with the
   * category's chain (the categories at `paths`, undefined where none) as the shop shows them
   * (PostgreSQL, issue 18 "Scale"). Without it the catalogue reads both in SQL.
   */
  categoryPage?(shopId: number, paths: readonly string[], offset: number, limit: number): Promise<CategoryPage>;
  /** Optional, likewise: a page of the shop's promotions running on `today`, most popular first, and their count. */
  promotionsPage?(shopId: number, today: string, offset: number, limit: number): Promise<{ total: number; products: ProductRecord[] }>;
  /** Releases what the adapter holds (the SQLite adapter's read connection). */
  close(): Promise<void>;
}

/** A category page as an adapter reads it: the chain (no products when its last category is missing) and the page. */
export interface CategoryPage {
  chain: (CategoryWithChildren | undefined)[];
  products: ProductRecord[];
}

export interface SearchRequest {
  /** The shop whose shelf is searched and whose prices the hits carry (issue 18). */
  shopId: number;
  /** The text as typed (already known to be longer than 2 characters). */
  text: string;
  offset: number;
  limit: number;
  /**
   * Optional: how the caller puts one hit on the wire (decision 0170). An adapter that supports
   * it answers `renderedHits` instead of `products`, and may keep each product's rendering until
   * the product changes (a cache of product rows, never of a query's answer). Adapters that
   * ignore it answer `products` as before, and the caller renders them itself.
   */
  renderHit?: (record: ProductRecord) => string;
  /**
   * Optional, with `renderHit`: the same hit in two halves (decision 0604), so that an adapter
   * keeping the product's half by product renders only the shop's offer per request.
   */
  renderHitParts?: HitParts;
}

/**
 * A hit's JSON as `product[0] + offer[0] + product[1] + … + offer[n - 1] + product[n]` (decision
 * 0604): `product` of the master's fields only (the same for every shop), `offer` of the shop's
 * price, stock and promotion only, byte for byte `renderHit`'s answer.
 */
export interface HitParts {
  product(record: ProductRecord): readonly string[];
  offer(record: ProductRecord): readonly string[];
}

/**
 * A rendered hit: its JSON whole, or as the halves of {@link HitParts}, which the caller writes
 * interleaved (`product[0]`, `offer[0]`, `product[1]` …). Joined here they were nine strings a
 * hit, then copied once more as the body was written (~6 KB of young generation a search page of
 * PostgreSQL, issue 18).
 */
export type RenderedHit = string | { readonly product: readonly string[]; readonly offer: readonly string[] };

export interface SearchOutcome {
  /** Matching products in all pages, exact unless `totalIsLowerBound`. */
  total: number;
  /** More than the result window matched several words: `total` is the window, a lower bound. */
  totalIsLowerBound: boolean;
  /** The page, in ranking order (empty when the adapter answered `renderedHits`). */
  products: ProductRecord[];
  /** The page rendered with the request's `renderHit`, in ranking order, when the adapter did it. */
  renderedHits?: RenderedHit[];
  /** The words actually searched when the typed ones matched nothing and a correction did. */
  correctedQuery: string | null;
}

export const EMPTY_OUTCOME: SearchOutcome = Object.freeze({ total: 0, totalIsLowerBound: false, products: [], correctedQuery: null });

/** One ranking tier: disjoint from the others, its products in popularity order. */
export interface Tier {
  /** Keys (product ranks) of the tier's products from position `skip`, at most `limit`. */
  fetch(skip: number, limit: number): Promise<number[]>;
  /** How many products the tier has, counting no further than `cap`. */
  count(cap: number): Promise<number>;
}

export interface TieredPage {
  keys: number[];
  /** The exact total when the tiers ran out within the page; null when it must be counted. */
  total: number | null;
}

/**
 * Cuts the page [offset, offset + limit) across tiers in order. A tier is asked for its rows from
 * what is left to skip; when it has none there, it lay wholly before the page and is counted (no
 * further than the skip) to know how much of the skip it used. A tier that returns fewer rows than
 * asked is exhausted. When every tier runs out inside the page, the total is known without
 * counting the matches.
 */
export async function pageAcrossTiers(tiers: readonly Tier[], offset: number, limit: number): Promise<TieredPage> {
  const keys: number[] = [];
  let skip = offset;
  for (const tier of tiers) {
    const need = limit - keys.length;
    const rows = await tier.fetch(skip, need);
    if (rows.length === 0) {
      if (skip > 0) skip -= await tier.count(skip);
      continue;
    }
    keys.push(...rows);
    skip = 0;
    if (rows.length === need) return { keys, total: null };
  }
  return { keys, total: offset - skip + keys.length };
}

