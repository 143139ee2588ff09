import type { Db } from '../../db/database.js';
import type { EventAvailabilityRow, EventRow } from './events.table.js';

export function listActiveEvents(db: Db, shopId: number): Promise<EventRow[]> {
  return db.selectFrom('events').selectAll().where('shop_id', '=', shopId).where('active', '=', 1).orderBy('id').execute();
}

export function findActiveEvent(db: Db, id: number): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).where('active', '=', 1).executeTakeFirst();
}

export function findEventNames(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('events').select(['id', 'name']).where('id', 'in', [...ids]).execute();
}

/** Availabilities of these events ending after `afterIso` and starting before `beforeIso`. */
export function availabilitiesOf(
  db: Db,
  eventIds: readonly number[],
  afterIso: string,
  beforeIso: string,
): Promise<EventAvailabilityRow[]> {
  if (eventIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('event_availabilities')
    .selectAll()
    .where('event_id', 'in', [...eventIds])
    .where('end_at', '>', afterIso)
    .where('start_at', '<', beforeIso)
    .orderBy('start_at')
    .orderBy('id')
    .execute();
}

export function serviceIdsOf(db: Db, eventIds: readonly number[]) {
  if (eventIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('event_services').select(['event_id', 'service_id']).where('event_id', 'in', [...eventIds]).execute();
}

export async function insertEvent(db: Db, row: { shop_id: number; name: string; description: string; at: string }): Promise<number> {
  const inserted = await db
    .insertInto('events')
    .values({ shop_id: row.shop_id, name: row.name, description: row.description, active: 1, created_at: row.at, updated_at: row.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function insertAvailabilities(db: Db, eventId: number, windows: { start_at: string; end_at: string }[]) {
  if (windows.length > 0) await db.insertInto('event_availabilities').values(windows.map((w) => ({ event_id: eventId, ...w }))).execute();
}

export async function insertEventServices(db: Db, eventId: number, serviceIds: readonly number[]) {
  if (serviceIds.length > 0) {
    await db
      .insertInto('event_services')
      .values(serviceIds.map((service_id) => ({ event_id: eventId, service_id })))
      .execute();
  }
}
