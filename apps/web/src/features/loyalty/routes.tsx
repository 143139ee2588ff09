import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loyaltyCardsQueryOptions } from '../../lib/loyalty-api';
import { privateLayoutRoute } from '../../app/layout-route';
import { prefetchOnline } from '../../app/route-data';

/** /app/fidelityCard (spec §2, login-protected). */
export const loyaltyRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/fidelityCard',
  loader: prefetchOnline(() => [loyaltyCardsQueryOptions]),
  component: lazyRouteComponent(() => import('./loyalty-screen'), 'LoyaltyScreen'),
});

export const loyaltyRoutes = [loyaltyRoute] as const;
