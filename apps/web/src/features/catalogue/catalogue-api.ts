import {
  CATEGORY_PAGE_SIZE,
  type CategoryResponse,
  isSearchable,
  type Product,
  type ProductHit,
  SEARCH_PAGE_SIZE,
  type SearchByCategoryResponse,
  type SearchResponse,
} from '@farmacia/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The catalogue changes a few times a day (imports): five minutes of freshness is plenty. */
const CATALOGUE_STALE_MS = 5 * 60_000;

/** One page of products, whatever the endpoint: the hits, the page number and how many pages exist. */
export interface ProductPage {
  products: ProductHit[];
  page: number;
  totPages: number;
  total: number;
}

/** The page after `last`, or undefined when `last` was the final one (TanStack's "no more"). */
export function nextPageOf(last: Pick<ProductPage, 'page' | 'totPages'>): number | undefined {
  return last.page < last.totPages ? last.page + 1 : undefined;
}

/**
 * The products of every loaded page, once each: a product that moved between pages while the
 * user scrolled (a re-ranking, an import) would otherwise show twice with the same React key.
 */
export function productsOfPages(pages: readonly ProductPage[] | undefined): ProductHit[] {
  const seen = new Set<string>();
  const result: ProductHit[] = [];
  for (const page of pages ?? []) {
    for (const product of page.products) {
      if (seen.has(product.codice_ministeriale)) continue;
      seen.add(product.codice_ministeriale);
      result.push(product);
    }
  }
  return result;
}

/**
 * `GET /product/{code}`. A 404 is an answer ('Prodotto non trovato'), not a failure to retry.
 * Every catalogue key carries the shop (`shopKey`, decision 0544): its prices and stock are that shop's.
 */
export function productQueryOptions(shop: string, code: string) {
  return queryOptions({
    queryKey: ['product', shop, code],
    queryFn: ({ signal }) => api<Product>(`/product/${encodeURIComponent(code)}`, { signal }),
    staleTime: CATALOGUE_STALE_MS,
  });
}

export interface SearchPage extends ProductPage {
  /** The text the server actually searched when it corrected a typo ('tachiprina' → 'tachipirina'). */
  correctedQuery: string | null;
  /** 'gte' when `total` is a lower bound (the server stops counting at its result window). */
  totalRelation: 'eq' | 'gte';
}

/** `GET /product/search?q&rpp=10&p`, page by page (spec §9: 10 per page). */
export function searchInfiniteQueryOptions(shop: string, text: string) {
  const q = text.trim();
  return infiniteQueryOptions({
    queryKey: ['product', shop, 'search', q],
    queryFn: async ({ pageParam, signal }): Promise<SearchPage> => {
      const params = new URLSearchParams({ q, rpp: String(SEARCH_PAGE_SIZE), p: String(pageParam) });
      const body = await api<SearchResponse>(`/product/search?${params}`, { signal });
      const hits = body.responses[0]?.hits;
      return {
        products: hits?.hits.map((hit) => hit._source) ?? [],
        total: hits?.total ?? 0,
        page: pageParam,
        totPages: body.totPages,
        correctedQuery: body.corrected_query,
        totalRelation: hits?.total_relation ?? 'eq',
      };
    },
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: isSearchable(q),
    staleTime: CATALOGUE_STALE_MS,
  });
}

/** The slugs of a category route, level 1 first, without the missing levels. */
export type CategoryPath = readonly string[];

/** `GET /product/category?cat1..cat4`: the category, its breadcrumb path and its sub-categories. */
export function categoryQueryOptions(shop: string, path: CategoryPath) {
  const params = new URLSearchParams(path.map((slug, i) => [`cat${i + 1}`, slug]));
  return queryOptions({
    queryKey: ['product', shop, 'category', ...path],
    queryFn: ({ signal }) => api<CategoryResponse>(`/product/category${path.length ? `?${params}` : ''}`, { signal }),
    staleTime: CATALOGUE_STALE_MS,
  });
}

/** `GET /product/searchByCategory?slug1..slug4&rpp=12&p`, page by page (spec §9: 12 per page). */
export function categoryProductsInfiniteQueryOptions(shop: string, path: CategoryPath) {
  return infiniteQueryOptions({
    queryKey: ['product', shop, 'searchByCategory', ...path],
    queryFn: async ({ pageParam, signal }): Promise<ProductPage> => {
      const params = new URLSearchParams(path.map((slug, i) => [`slug${i + 1}`, slug]));
      params.set('rpp', String(CATEGORY_PAGE_SIZE));
      params.set('p', String(pageParam));
      const body = await api<SearchByCategoryResponse>(`/product/searchByCategory?${params}`, { signal });
      return { products: body.hits.hits.map((hit) => hit._source), total: body.hits.total, page: pageParam, totPages: body.totPages };
    },
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: path.length > 0,
    staleTime: CATALOGUE_STALE_MS,
  });
}

/** The app path of a category from its slugs. */
export function categoryHref(path: CategoryPath): string {
  return ['/app/category', ...path.map(encodeURIComponent)].join('/');
}
