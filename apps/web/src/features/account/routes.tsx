import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { privateLayoutRoute } from '../../app/layout-route';

/** The account menu (spec §2, login-protected). */
export const userMenuRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/user',
  component: lazyRouteComponent(() => import('./user-menu-screen'), 'UserMenuScreen'),
});

export const accountRoutes = [userMenuRoute] as const;
