import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loyaltyCardsQueryOptions } from '../../lib/loyalty-api';
import { profileQueryOptions } from '../../lib/profile-api';
import { privateLayoutRoute } from '../../app/layout-route';
import { prefetchOnline } from '../../app/route-data';

/** The account menu (spec §2, login-protected). */
export const userMenuRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/user',
  loader: prefetchOnline(() => [profileQueryOptions, loyaltyCardsQueryOptions]),
  component: lazyRouteComponent(() => import('./user-menu-screen'), 'UserMenuScreen'),
});

export const accountRoutes = [userMenuRoute] as const;
