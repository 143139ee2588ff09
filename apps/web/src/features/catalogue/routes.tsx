import { flagParam, isSearchable, ministerialCodeParam, textParam } from '@farmacia/contract';
import type { QueryClient } from '@tanstack/react-query';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute } from '../../app/layout-route';
import { whileOnline } from '../../app/route-data';
import { pathParams } from '../../app/route-params';
import { shopKey } from '../../lib/current-shop';
import {
  categoryProductsInfiniteQueryOptions,
  categoryQueryOptions,
  productQueryOptions,
  searchInfiniteQueryOptions,
} from './catalogue-api';

/** Spec §2 Search (public). `?q=` carries the searched text (links from slides, back button). */
export const searchRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/search',
  // `?scan=1` (the home's "Scansiona una confezione"): the pack scanner opens at once (issue 20).
  validateSearch: (search: Record<string, unknown>): { q?: string; scan?: '1' } => {
    const q = textParam(search.q);
    const scan = flagParam(search.scan);
    return { ...(q ? { q } : {}), ...(scan ? { scan } : {}) };
  },
  // The first page of results and the category buttons come with the screen (a link or a reload
  // of /app/search?q=…), so it renders once, complete. The URL only carries the debounced text.
  loaderDeps: ({ search }) => ({ q: search.q ?? '' }),
  loader: ({ context, deps }) =>
    whileOnline(() =>
      Promise.all([
        context.queryClient.prefetchQuery(categoryQueryOptions(shopKey(), [])),
        isSearchable(deps.q) ? context.queryClient.prefetchInfiniteQuery(searchInfiniteQueryOptions(shopKey(), deps.q)) : undefined,
      ]),
    ),
  component: lazyRouteComponent(() => import('./search-screen'), 'SearchScreen'),
});

/** Spec §2 Product page (public), by ministerial code. */
export const productRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/product/$code',
  // A code that is not 9 digits is no product's: the not-found screen, and no call.
  params: pathParams({ code: ministerialCodeParam }),
  // Fills the cache while the link is hovered or touched (preload on intent): the page opens with
  // its data. prefetchQuery never throws; the screen itself shows 'Prodotto non trovato'.
  loader: ({ context, params }) => whileOnline(() => context.queryClient.prefetchQuery(productQueryOptions(shopKey(), params.code))),
  component: lazyRouteComponent(() => import('./product-screen'), 'ProductScreen'),
});

const categoryScreen = lazyRouteComponent(() => import('./category-screen'), 'CategoryScreen');

/** Prefetches a category and its first page of products (see the product route's loader). */
function prefetchCategory(queryClient: QueryClient, params: Partial<Record<'c1' | 'c2' | 'c3' | 'c4', string>>) {
  const path = [params.c1, params.c2, params.c3, params.c4].filter((slug): slug is string => !!slug);
  return Promise.all([
    queryClient.prefetchQuery(categoryQueryOptions(shopKey(), path)),
    path.length > 0 ? queryClient.prefetchInfiniteQuery(categoryProductsInfiniteQueryOptions(shopKey(), path)) : undefined,
  ]);
}

/** Spec §2 Category browse (public): the top and up to four nested levels, one screen for all. */
export const categoryRootRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/category',
  loader: ({ context }) => whileOnline(() => prefetchCategory(context.queryClient, {})),
  component: categoryScreen,
});
export const category1Route = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/category/$c1',
  loader: ({ context, params }) => whileOnline(() => prefetchCategory(context.queryClient, params)),
  component: categoryScreen,
});
export const category2Route = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/category/$c1/$c2',
  loader: ({ context, params }) => whileOnline(() => prefetchCategory(context.queryClient, params)),
  component: categoryScreen,
});
export const category3Route = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/category/$c1/$c2/$c3',
  loader: ({ context, params }) => whileOnline(() => prefetchCategory(context.queryClient, params)),
  component: categoryScreen,
});
export const category4Route = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/category/$c1/$c2/$c3/$c4',
  loader: ({ context, params }) => whileOnline(() => prefetchCategory(context.queryClient, params)),
  component: categoryScreen,
});

export const catalogueRoutes = [
  searchRoute,
  productRoute,
  categoryRootRoute,
  category1Route,
  category2Route,
  category3Route,
  category4Route,
] as const;
