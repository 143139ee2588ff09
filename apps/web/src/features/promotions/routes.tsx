import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { optionQueryOptions, promotionsOptionQueryOptions } from '../../lib/shop-api';
import { shopKey } from '../../lib/current-shop';
import { appLayoutRoute } from '../../app/layout-route';
import { prefetchOnline } from '../../app/route-data';

/** /app/promotions 'Offerte' (spec §2, public; its route makes the Offerte tab appear). */
export const promotionsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/promotions',
  loader: prefetchOnline(() => [optionQueryOptions('volantino'), promotionsOptionQueryOptions(shopKey())]),
  component: lazyRouteComponent(() => import('./promotions-screen'), 'PromotionsScreen'),
});

export const promotionsRoutes = [promotionsRoute] as const;
