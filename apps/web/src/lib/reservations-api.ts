import {
  type BookingPayload,
  isUpcomingReservation,
  type Reservation,
  type ReservationSlotsResponse,
  type RomeWallClock,
  romeWallClock,
  type ServiceAvailabilityResponse,
} from '@farmacia/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * `GET /reservations` → `{ data }`. The key ['reservations'] is shared with the home counts and
 * the Prenotazioni tab badge, so one invalidation refreshes all three.
 */
export const reservationsQueryOptions = queryOptions({
  queryKey: ['reservations'],
  queryFn: ({ signal }) => api<{ data: Reservation[] }>('/reservations', { signal }),
});

/** Slots move as people book: keep them fresh. */
const SLOTS_STALE_MS = 15_000;

/** `GET /services/{id}/availability`: the days with a free slot in the calendar range. */
export function availabilityQueryOptions(serviceId: number) {
  return queryOptions({
    queryKey: ['booking', 'availability', serviceId],
    queryFn: ({ signal }) => api<ServiceAvailabilityResponse>(`/services/${serviceId}/availability`, { signal }),
    staleTime: SLOTS_STALE_MS,
  });
}

/** `GET /reservations/{serviceId}/{day}`: free slots of the day. */
export function slotsQueryOptions(serviceId: number, day: string) {
  return queryOptions({
    queryKey: ['booking', 'slots', serviceId, day],
    queryFn: ({ signal }) => api<ReservationSlotsResponse>(`/reservations/${serviceId}/${day}`, { signal }),
    staleTime: SLOTS_STALE_MS,
  });
}

/** `GET /reservations/event/{eventId}/{day}/{serviceId}`: free slots of a service inside an event. */
export function eventSlotsQueryOptions(eventId: number, day: string, serviceId: number) {
  return queryOptions({
    queryKey: ['booking', 'event-slots', eventId, day, serviceId],
    queryFn: ({ signal }) => api<ReservationSlotsResponse>(`/reservations/event/${eventId}/${day}/${serviceId}`, { signal }),
    staleTime: SLOTS_STALE_MS,
  });
}

/** Upcoming booked reservations (the tab badge, the list's first section): those not ended yet (decision 0482). */
export function upcomingReservations(list: readonly Reservation[], now: RomeWallClock = romeWallClock()): Reservation[] {
  return list.filter((r) => isUpcomingReservation(r, now));
}

/** `POST /reservations/{service_id}` (spec §7); slots and the list are refetched whatever happens. */
export function useBookReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: BookingPayload & { service_id: number }) =>
      api<{ data: Reservation }>(`/reservations/${payload.service_id}`, { method: 'POST', body: payload }).then((r) => r.data),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['booking'] }),
        queryClient.invalidateQueries({ queryKey: ['reservations'] }),
      ]);
    },
  });
}

/** `DELETE /reservations/{id}`. */
export function useCancelReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ data: Reservation }>(`/reservations/${id}`, { method: 'DELETE' }).then((r) => r.data),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['reservations'] }),
        queryClient.invalidateQueries({ queryKey: ['booking'] }),
      ]);
    },
  });
}
