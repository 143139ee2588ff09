import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute } from '../../app/layout-route';

export const homeRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/home',
  component: lazyRouteComponent(() => import('./home-screen'), 'HomeScreen'),
});

export const homeRoutes = [homeRoute] as const;
