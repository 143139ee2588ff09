import { isCalendarDay } from '@farmacia/contract';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute, privateLayoutRoute } from '../../app/layout-route';
import { registerTabBadge } from '../../app/tabs';
import { reservationsQueryOptions, upcomingReservations } from '../../lib/reservations-api';

/**
 * Service booking (spec §2 /app/reservations/{id}). Public although the spec lists it among the
 * private routes: visitors see the slots (spec §6) and log in when they tap one (spec §2), coming
 * back with `?day=` (decision 0186).
 */
export const bookingRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/reservations/$id',
  validateSearch: (search: Record<string, unknown>): { day?: string } =>
    typeof search.day === 'string' && isCalendarDay(search.day) ? { day: search.day } : {},
  component: lazyRouteComponent(() => import('./booking-screen'), 'BookingScreen'),
});

/** Event slot screen (spec §2 /app/reservations/event/{id}/{data}/{serviceId}), public like the booking screen. */
export const eventSlotRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/app/reservations/event/$id/$data/$serviceId',
  component: lazyRouteComponent(() => import('./event-slot-screen'), 'EventSlotScreen'),
});

/** Reservations list (spec §2, login required). */
export const reservationsRoute = createRoute({
  getParentRoute: () => privateLayoutRoute,
  path: '/app/reservations',
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
