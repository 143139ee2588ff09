import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { privateLayoutRoute } from '../../app/layout-route';

/** /app/referrer 'Invita un amico' (spec §2, login-protected). */
export const referrerRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/referrer',
  component: lazyRouteComponent(() => import('./referrer-screen'), 'ReferrerScreen'),
});

export const referrerRoutes = [referrerRoute] as const;
