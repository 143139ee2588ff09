import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { optionQueryOptions } from '../../lib/shop-api';
import { appLayoutRoute } from '../../app/layout-route';
import { whileOnline } from '../../app/route-data';

/** /app/shift 'Turni' (spec §2, public). */
export const shiftsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/shift',
  loader: ({ context }) => whileOnline(() => context.queryClient.prefetchQuery(optionQueryOptions('turni'))),
  component: lazyRouteComponent(() => import('./shifts-screen'), 'ShiftsScreen'),
});

export const shiftsRoutes = [shiftsRoute] as const;
