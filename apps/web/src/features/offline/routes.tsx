import { returnPathParam } from '@farmacia/contract';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute } from '../../app/layout-route';

export const offlineRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/offline',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({ redirect: returnPathParam(search.redirect) }),
  component: lazyRouteComponent(() => import('./offline-screen'), 'OfflineScreen'),
});

export const offlineRoutes = [offlineRoute] as const;
