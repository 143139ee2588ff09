import { type Event, romeToday } from '@farmacia/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** `GET /event/getAll`: the shop's events with availabilities still to come. */
export const eventsQueryOptions = queryOptions({
  queryKey: ['events'],
  queryFn: ({ signal }) => api<{ data: Event[] }>('/event/getAll', { signal }).then((r) => r.data),
  staleTime: 60_000,
});

/** `GET /event/findOne/{id}` (spec: data.data is the event). */
export function eventQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: ['events', eventId],
    queryFn: ({ signal }) => api<{ data: Event }>(`/event/findOne/${eventId}`, { signal }).then((r) => r.data),
    staleTime: 60_000,
  });
}

/** One row of 'Prenota un Evento': an event on one of its days (spec §2: grouped by start_at's date). */
export interface EventOccurrence {
  event: Event;
  /** Rome day of the availability's start. */
  day: string;
  startAt: string;
  endAt: string;
}

/** The Rome calendar day of an instant, 'YYYY-MM-DD'. */
export const romeDayOf = (iso: string): string => romeToday(new Date(iso));

/** Events grouped by the Rome day of their availabilities' start, days in order. */
export function groupEventsByDay(events: readonly Event[]): { day: string; items: EventOccurrence[] }[] {
  const byDay = new Map<string, EventOccurrence[]>();
  for (const event of events) {
    for (const availability of event.availabilities) {
      const day = romeDayOf(availability.start_at);
      const list = byDay.get(day) ?? [];
      // One row per event and day, even when the event has two windows that day.
      if (!list.some((o) => o.event.id === event.id)) {
        list.push({ event, day, startAt: availability.start_at, endAt: availability.end_at });
      }
      byDay.set(day, list);
    }
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, items]) => ({ day, items: items.sort((a, b) => a.startAt.localeCompare(b.startAt)) }));
}
