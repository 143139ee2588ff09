import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { privateLayoutRoute } from '../../app/layout-route';

/** /app/fidelityCard (spec §2, login-protected). */
export const loyaltyRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/fidelityCard',
  component: lazyRouteComponent(() => import('./loyalty-screen'), 'LoyaltyScreen'),
});

export const loyaltyRoutes = [loyaltyRoute] as const;
