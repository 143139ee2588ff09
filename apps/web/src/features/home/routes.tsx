import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute } from '../../app/layout-route';
import { prefetchOnline } from '../../app/route-data';
import { optionsCleanQueryOptions } from '../../lib/shop-api';

export const homeRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/home',
  // The shop's options (name, slides, contacts) come with the screen, so it renders once, complete
  // (prefetchQuery never throws: the screen shows its own error).
  loader: prefetchOnline(() => [optionsCleanQueryOptions]),
  component: lazyRouteComponent(() => import('./home-screen'), 'HomeScreen'),
});

export const homeRoutes = [homeRoute] as const;
