import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute } from '../../app/layout-route';

/** /app/shift 'Turni' (spec §2, public). */
export const shiftsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/shift',
  component: lazyRouteComponent(() => import('./shifts-screen'), 'ShiftsScreen'),
});

export const shiftsRoutes = [shiftsRoute] as const;
