import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { optionQueryOptions } from '../../lib/shop-api';
import { appLayoutRoute } from '../../app/layout-route';
import { prefetchOnline } from '../../app/route-data';

/** /app/shift 'Turni' (spec §2, public). */
export const shiftsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/shift',
  loader: prefetchOnline(() => [optionQueryOptions('turni')]),
  component: lazyRouteComponent(() => import('./shifts-screen'), 'ShiftsScreen'),
});

export const shiftsRoutes = [shiftsRoute] as const;
