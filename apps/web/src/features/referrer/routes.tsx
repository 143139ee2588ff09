import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { optionQueryOptions } from '../../lib/shop-api';
import { referrerQueryOptions } from './referrer-api';
import { privateLayoutRoute } from '../../app/layout-route';
import { prefetchOnline } from '../../app/route-data';

/** /app/referrer 'Invita un amico' (spec §2, login-protected). */
export const referrerRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/referrer',
  loader: prefetchOnline(() => [referrerQueryOptions, optionQueryOptions('shop_name')]),
  component: lazyRouteComponent(() => import('./referrer-screen'), 'ReferrerScreen'),
});

export const referrerRoutes = [referrerRoute] as const;
