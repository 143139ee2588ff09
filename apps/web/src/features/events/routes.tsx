import { calendarDayParam, positiveIdParam } from '@farmacia/contract';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute } from '../../app/layout-route';
import { prefetchOnline } from '../../app/route-data';
import { pathParams } from '../../app/route-params';
import { eventQueryOptions, eventsQueryOptions } from './events-api';

/** 'Prenota un Evento' (spec §2, public). */
export const eventsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/events',
  loader: prefetchOnline(() => [eventsQueryOptions]),
  component: lazyRouteComponent(() => import('./events-screen'), 'EventsScreen'),
});

/**
 * Event detail on one of its days (spec §2 /app/events/{id}/{data}). A day that is not one shows
 * the event without a day's services (null), as a past link would; a bad id says so (spec §5).
 */
export const eventRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/events/$id/$data',
  params: pathParams({ id: positiveIdParam, data: (data: string) => calendarDayParam(data) ?? null }),
  loader: prefetchOnline((params) => [eventQueryOptions(params.id)]),
  notFoundComponent: lazyRouteComponent(() => import('./event-screen'), 'EventIdRequired'),
  component: lazyRouteComponent(() => import('./event-screen'), 'EventScreen'),
});

export const eventsRoutes = [eventsRoute, eventRoute] as const;
