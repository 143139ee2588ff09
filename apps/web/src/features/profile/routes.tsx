import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { profileQueryOptions } from '../../lib/profile-api';
import { privateLayoutRoute } from '../../app/layout-route';
import { prefetchOnline } from '../../app/route-data';

/** /app/profile: profile edit, data export and account deletion (spec §2, login-protected). */
export const profileRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/profile',
  loader: prefetchOnline(() => [profileQueryOptions]),
  component: lazyRouteComponent(() => import('./profile-screen'), 'ProfileScreen'),
});

export const profileRoutes = [profileRoute] as const;
