import { calendarDayParam, positiveIdParam } from '@farmacia/contract';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute, privateLayoutRoute } from '../../app/layout-route';
import { prefetchOnline } from '../../app/route-data';
import { pathParams } from '../../app/route-params';
import { registerTabBadge } from '../../app/tabs';
import {
  availabilityQueryOptions,
  eventSlotsQueryOptions,
  reservationsQueryOptions,
  upcomingReservations,
} from '../../lib/reservations-api';

/**
 * Service booking (spec §2 /app/reservations/{id}). Public although the spec lists it among the
 * private routes: visitors see the slots (spec §6) and log in when they tap one (spec §2), coming
 * back with `?day=` (decision 0186).
 */
export const bookingRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/reservations/$id',
  params: pathParams({ id: positiveIdParam }),
  validateSearch: (search: Record<string, unknown>): { day?: string } => {
    const day = calendarDayParam(search.day);
    return day ? { day } : {};
  },
  // The month's free days; the slots wait for the day the screen settles on (the URL's may be out of range).
  loader: prefetchOnline((params) => [availabilityQueryOptions(params.id)]),
  component: lazyRouteComponent(() => import('./booking-screen'), 'BookingScreen'),
});

/** Event slot screen (spec §2 /app/reservations/event/{id}/{data}/{serviceId}), public like the booking screen. */
export const eventSlotRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/reservations/event/$id/$data/$serviceId',
  params: pathParams({ id: positiveIdParam, data: calendarDayParam, serviceId: positiveIdParam }),
  loader: prefetchOnline((params) => [eventSlotsQueryOptions(params.id, params.data, params.serviceId)]),
  notFoundComponent: lazyRouteComponent(() => import('./event-slot-screen'), 'EventSlotNotFound'),
  component: lazyRouteComponent(() => import('./event-slot-screen'), 'EventSlotScreen'),
});

/** Reservations list (spec §2, login required). */
export const reservationsRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/reservations',
  loader: prefetchOnline(() => [reservationsQueryOptions]),
  component: lazyRouteComponent(() => import('./reservations-screen'), 'ReservationsScreen'),
});

export const reservationsPublicRoutes = [bookingRoute, eventSlotRoute] as const;
export const reservationsPrivateRoutes = [reservationsRoute] as const;

// Spec §2: the Prenotazioni tab badge counts the upcoming reservations.
registerTabBadge('reservations', {
  query: reservationsQueryOptions,
  count: (body) => upcomingReservations(body.data).length,
  requiresLogin: true,
});
