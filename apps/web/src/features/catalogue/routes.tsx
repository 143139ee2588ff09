import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute } from '../../app/layout-route';
import { stringParam } from '../../app/search-params';

/** Spec §2 Search (public). `?q=` carries the searched text (links from slides, back button). */
export const searchRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/search',
  validateSearch: (search: Record<string, unknown>): { q?: string } => {
    const q = stringParam(search.q);
    return q ? { q } : {};
  },
  component: lazyRouteComponent(() => import('./search-screen'), 'SearchScreen'),
});

/** Spec §2 Product page (public), by ministerial code. */
export const productRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/product/$code',
  component: lazyRouteComponent(() => import('./product-screen'), 'ProductScreen'),
});

const categoryScreen = lazyRouteComponent(() => import('./category-screen'), 'CategoryScreen');

/** Spec §2 Category browse (public): the top and up to four nested levels, one screen for all. */
export const categoryRootRoute = createRoute({ getParentRoute: () => appLayoutRoute, path: '/app/category', component: categoryScreen });
export const category1Route = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/category/$c1',
  component: categoryScreen,
});
export const category2Route = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/category/$c1/$c2',
  component: categoryScreen,
});
export const category3Route = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/category/$c1/$c2/$c3',
  component: categoryScreen,
});
export const category4Route = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/category/$c1/$c2/$c3/$c4',
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
