import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute } from '../../app/layout-route';

/** /app/promotions 'Offerte' (spec §2, public; its route makes the Offerte tab appear). */
export const promotionsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/promotions',
  component: lazyRouteComponent(() => import('./promotions-screen'), 'PromotionsScreen'),
});

export const promotionsRoutes = [promotionsRoute] as const;
