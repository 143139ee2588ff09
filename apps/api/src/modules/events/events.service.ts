import { type Event, messages } from '@farmacia/contract';
import { nowIso } from '../../db/column.js';
import type { Db } from '../../db/database.js';
import { notFound, validationFailed } from '../../errors.js';
import { calendarRange, romeDayBounds } from '../bookings/index.js';
import type { TimeWindow } from '../bookings/index.js';
import { findServices, toService } from '../services/index.js';
import { sanitizeRichText } from '../services/index.js';
import type { ServiceRow } from '../services/index.js';
import * as repo from './events.repository.js';
import type { EventAvailabilityRow, EventRow } from './events.table.js';

/**
 * Events: services offered inside availability windows. The app lists an event under the day of
 * each availability's start_at (spec §2), so only availabilities that can still be booked are
 * shown: not over yet and starting inside the calendar range.
 */

function visibleWindow(now: Date): { afterIso: string; beforeIso: string } {
  const { lastDay } = calendarRange(now);
  return { afterIso: now.toISOString(), beforeIso: new Date(romeDayBounds(lastDay).endMs).toISOString() };
}

async function assemble(db: Db, events: EventRow[], now: Date): Promise<Event[]> {
  const ids = events.map((e) => e.id);
  const { afterIso, beforeIso } = visibleWindow(now);
  const [availabilities, links] = await Promise.all([
    repo.availabilitiesOf(db, ids, afterIso, beforeIso),
    repo.serviceIdsOf(db, ids),
  ]);
  const services = new Map((await findServices(db, [...new Set(links.map((l) => l.service_id))])).map((s) => [s.id, s]));
  return events.map((e) => ({
    id: e.id,
    name: e.name,
    description: e.description,
    services: links
      .filter((l) => l.event_id === e.id)
      .map((l) => services.get(l.service_id))
      .filter((s): s is ServiceRow => s !== undefined)
      .sort((a, b) => a.sort_order - b.sort_order || a.id - b.id)
      .map(toService),
    availabilities: availabilities
      .filter((a) => a.event_id === e.id)
      .map((a) => ({ id: a.id, start_at: a.start_at, end_at: a.end_at })),
  }));
}

/** 'Prenota un Evento': the shop's events with an availability still to come. */
export async function listEvents(db: Db, shopId: number, now: Date): Promise<Event[]> {
  const events = await assemble(db, await repo.listActiveEvents(db, shopId), now);
  return events.filter((e) => e.availabilities.length > 0);
}

/** One event (its availabilities may be none when it is over). */
export async function getEvent(db: Db, id: number, now: Date): Promise<Event> {
  const row = await repo.findActiveEvent(db, id);
  if (!row) throw notFound(messages.reservations.eventNotFound);
  const [event] = await assemble(db, [row], now);
  return event as Event;
}

/** Names of events by id, whatever their state (reservations show the event they were made in). */
export async function eventNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  return new Map((await repo.findEventNames(db, [...new Set(ids)])).map((e) => [e.id, e.name]));
}

export interface BookableEvent {
  event: EventRow;
  /** Every window of the event touching the day, as instants. */
  windows: TimeWindow[];
}

/**
 * The event a booking or a slot list refers to: 404 when it does not exist, 422 when the service
 * is not one of its services or belongs to another shop.
 */
export async function eventForService(db: Db, eventId: number, service: ServiceRow, day: string): Promise<BookableEvent> {
  const event = await repo.findActiveEvent(db, eventId);
  if (!event) throw notFound(messages.reservations.eventNotFound);
  const links = await repo.serviceIdsOf(db, [event.id]);
  if (event.shop_id !== service.shop_id || !links.some((l) => l.service_id === service.id)) {
    throw validationFailed({ service_id: [messages.reservations.serviceNotInEvent] });
  }
  const bounds = romeDayBounds(day);
  const rows: EventAvailabilityRow[] = await repo.availabilitiesOf(
    db,
    [event.id],
    new Date(bounds.startMs).toISOString(),
    new Date(bounds.endMs).toISOString(),
  );
  return { event, windows: rows.map((r) => ({ startMs: Date.parse(r.start_at), endMs: Date.parse(r.end_at) })) };
}

// --- Writes (demo seed, back office) -------------------------------------------------------------

export interface NewEvent {
  shopId: number;
  name: string;
  description: string;
  serviceIds: number[];
  windows: { start: Date; end: Date }[];
}

export async function createEvent(db: Db, input: NewEvent): Promise<number> {
  const id = await repo.insertEvent(db, {
    shop_id: input.shopId,
    name: input.name,
    description: sanitizeRichText(input.description),
    at: nowIso(),
  });
  await repo.insertEventServices(db, id, input.serviceIds);
  await repo.insertAvailabilities(
    db,
    id,
    input.windows.map((w) => ({ start_at: w.start.toISOString(), end_at: w.end.toISOString() })),
  );
  return id;
}
