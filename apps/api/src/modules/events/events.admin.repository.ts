import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { EventTable } from './events.table.js';

/**
 * Back-office reads and writes of events and their availability windows (every query takes the
 * shop: a row of another shop is simply not found). Events are created through createEvent.
 */

// --- Events ----------------------------------------------------------------------------------------

export function listEvents(db: Db, shopId: number) {
  return db.selectFrom('events').selectAll().where('shop_id', '=', shopId).orderBy('id', 'desc').execute();
}

export function findEvent(db: Db, shopId: number, id: number) {
  return db.selectFrom('events').selectAll().where('id', '=', id).where('shop_id', '=', shopId).executeTakeFirst();
}

export async function updateEvent(db: Db, id: number, values: Updateable<EventTable>): Promise<void> {
  await db.updateTable('events').set(values).where('id', '=', id).execute();
}

export async function setEventServices(db: Db, eventId: number, serviceIds: readonly number[]): Promise<void> {
  await db.deleteFrom('event_services').where('event_id', '=', eventId).execute();
  if (serviceIds.length > 0) {
    await db
      .insertInto('event_services')
      .values(serviceIds.map((service_id) => ({ event_id: eventId, service_id })))
      .execute();
  }
}

export function eventServiceLinks(db: Db, eventIds: readonly number[]) {
  if (eventIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('event_services').select(['event_id', 'service_id']).where('event_id', 'in', [...eventIds]).orderBy('service_id').execute();
}

/** Every availability of these events with its count of booked reservations inside it. */
export function availabilitiesWithBookings(db: Db, eventIds: readonly number[]) {
  if (eventIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('event_availabilities as a')
    .selectAll('a')
    .select((eb) =>
      eb
        .selectFrom('reservations as r')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('r.event_id', '=', 'a.event_id')
        .where('r.status', '=', 'booked')
        .whereRef('r.start_at', '>=', 'a.start_at')
        .whereRef('r.start_at', '<', 'a.end_at')
        .as('booked'),
    )
    .where('a.event_id', 'in', [...eventIds])
    .orderBy('a.start_at')
    .orderBy('a.id')
    .execute();
}

export async function insertAvailability(db: Db, eventId: number, startAt: string, endAt: string): Promise<number> {
  const row = await db
    .insertInto('event_availabilities')
    .values({ event_id: eventId, start_at: startAt, end_at: endAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An availability of an event of the shop. */
export function findAvailability(db: Db, shopId: number, id: number) {
  return db
    .selectFrom('event_availabilities as a')
    .innerJoin('events as e', 'e.id', 'a.event_id')
    .select(['a.id', 'a.event_id', 'a.start_at', 'a.end_at'])
    .where('a.id', '=', id)
    .where('e.shop_id', '=', shopId)
    .executeTakeFirst();
}

export async function deleteAvailability(db: Db, id: number): Promise<void> {
  await db.deleteFrom('event_availabilities').where('id', '=', id).execute();
}
