import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute } from '../../app/layout-route';

/** 'Prenota un Evento' (spec §2, public). */
export const eventsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/events',
  component: lazyRouteComponent(() => import('./events-screen'), 'EventsScreen'),
});

/** Event detail on one of its days (spec §2 /app/events/{id}/{data}). */
export const eventRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/events/$id/$data',
  component: lazyRouteComponent(() => import('./event-screen'), 'EventScreen'),
});

export const eventsRoutes = [eventsRoute, eventRoute] as const;
