import { EventDayParamsSchema } from '@farmacia/contract';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute } from '../../app/layout-route';
import { fillCache } from '../../app/route-data';
import { paramsOf } from '../../app/route-params';
import { eventQueryOptions, eventsQueryOptions } from './events-api';

/** 'Prenota un Evento' (spec §2, public). */
export const eventsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/events',
  loader: ({ context }) => fillCache(context.queryClient, eventsQueryOptions),
  component: lazyRouteComponent(() => import('./events-screen'), 'EventsScreen'),
});

/** Event detail on one of its days (spec §2 /app/events/{id}/{data}). */
export const eventRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/events/$id/$data',
  params: paramsOf(EventDayParamsSchema),
  loader: ({ context, params }) => fillCache(context.queryClient, eventQueryOptions(params.id)),
  component: lazyRouteComponent(() => import('./event-screen'), 'EventScreen'),
  notFoundComponent: lazyRouteComponent(() => import('./event-screen'), 'EventIdRequired'),
});

export const eventsRoutes = [eventsRoute, eventRoute] as const;
