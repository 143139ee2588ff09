import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { EventTable } from '../events/index.js';
import type { ReservationRow } from './bookings.table.js';
import type { ServiceTable } from '../services/index.js';
import type { ServiceGroupTable, ShopServiceTable } from '../services/index.js';

/**
 * Back-office reads and writes over the bookings modules' tables that those modules do not offer
 * (every query takes the shop: a row of another shop is simply not found). Inserts go through the
 * modules' own services (createService, createEvent…), so sanitizing and defaults stay there.
 */

// --- Customers and reservations ----------------------------------------------------------------------

const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Customers of the shop matching a name, email or phone fragment (20 at most). */
export function searchCustomers(db: Db, shopId: number, q: string) {
  const pattern = likePattern(q);
  const digits = q.replace(/\D/g, '');
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'phone_number'])
    .where('role', '=', 'customer')
    .where('deleted_at', 'is', null)
    .where('shop_id', '=', shopId)
    .where((eb) =>
      eb.or([
        // ESCAPE spelled out: SQLite has no default escape character (PostgreSQL's is the same backslash).
        sql<boolean>`lower(name) like ${pattern} escape '\\'`,
        sql<boolean>`email like ${pattern} escape '\\'`,
        ...(digits.length >= 3 ? [eb('phone_number', 'like', eb.val(`%${digits}%`))] : []),
      ]),
    )
    .orderBy('name')
    .orderBy('id')
    .limit(20)
    .execute();
}

export function findCustomer(db: Db, shopId: number, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'phone_number'])
    .where('id', '=', id)
    .where('role', '=', 'customer')
    .where('deleted_at', 'is', null)
    .where('shop_id', '=', shopId)
    .executeTakeFirst();
}

/** Any customer account (also a deleted one), to show who held a reservation. */
export function findUser(db: Db, id: number) {
  return db.selectFrom('users').select(['id', 'name', 'email', 'phone_number']).where('id', '=', id).executeTakeFirst();
}

export function findReservation(db: Db, shopId: number, id: number): Promise<ReservationRow | undefined> {
  return db.selectFrom('reservations').selectAll().where('id', '=', id).where('shop_id', '=', shopId).executeTakeFirst();
}

// --- Services --------------------------------------------------------------------------------------

export function listServices(db: Db, shopId: number) {
  return db.selectFrom('services').selectAll().where('shop_id', '=', shopId).orderBy('sort_order').orderBy('name').orderBy('id').execute();
}

export function findService(db: Db, shopId: number, id: number) {
  return db.selectFrom('services').selectAll().where('id', '=', id).where('shop_id', '=', shopId).executeTakeFirst();
}

export async function updateService(db: Db, id: number, values: Updateable<ServiceTable>): Promise<void> {
  await db.updateTable('services').set(values).where('id', '=', id).execute();
}

export function staffOfServices(db: Db, serviceIds: readonly number[]) {
  if (serviceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('staff_services')
    .select(['service_id', 'staff_id'])
    .where('service_id', 'in', [...serviceIds])
    .orderBy('staff_id')
    .execute();
}

/** Replaces who performs a service; the staff ids are already known to be of the shop. */
export async function setServiceStaff(db: Db, serviceId: number, staffIds: readonly number[]): Promise<void> {
  await db.deleteFrom('staff_services').where('service_id', '=', serviceId).execute();
  if (staffIds.length > 0) {
    await db
      .insertInto('staff_services')
      .values(staffIds.map((staff_id) => ({ staff_id, service_id: serviceId })))
      .execute();
  }
}

/** Which of `ids` are staff members of the shop. */
export async function staffIdsOfShop(db: Db, shopId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('staff').select('id').where('shop_id', '=', shopId).where('id', 'in', [...ids]).execute();
  return new Set(rows.map((r) => r.id));
}

export async function serviceIdsOfShop(db: Db, shopId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('services').select('id').where('shop_id', '=', shopId).where('id', 'in', [...ids]).execute();
  return new Set(rows.map((r) => r.id));
}

// --- Categories and groups -------------------------------------------------------------------------

export function listCategories(db: Db, shopId: number) {
  return db
    .selectFrom('service_categories as c')
    .selectAll('c')
    .select((eb) => [
      eb.selectFrom('services as s').select((e) => e.fn.countAll<number>().as('n')).whereRef('s.category_id', '=', 'c.id').as('services_count'),
      eb.selectFrom('service_groups as g').select((e) => e.fn.countAll<number>().as('n')).whereRef('g.category_id', '=', 'c.id').as('groups_count'),
      eb
        .selectFrom('shop_services as ss')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('ss.category_id', '=', 'c.id')
        .as('shop_services_count'),
    ])
    .where('c.shop_id', '=', shopId)
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .execute();
}

export async function findCategory(db: Db, shopId: number, id: number) {
  const rows = await listCategories(db, shopId);
  return rows.find((r) => r.id === id);
}

export async function updateCategory(db: Db, id: number, values: { name: string; description: string | null; sort_order: number }): Promise<void> {
  await db.updateTable('service_categories').set(values).where('id', '=', id).execute();
}

export async function deleteCategory(db: Db, id: number): Promise<void> {
  await db.deleteFrom('service_categories').where('id', '=', id).execute();
}

export function listGroups(db: Db, shopId: number) {
  return db
    .selectFrom('service_groups as g')
    .selectAll('g')
    .select((eb) =>
      eb.selectFrom('shop_services as ss').select((e) => e.fn.countAll<number>().as('n')).whereRef('ss.group_id', '=', 'g.id').as('shop_services_count'),
    )
    .where('g.shop_id', '=', shopId)
    .orderBy('g.sort_order')
    .orderBy('g.id')
    .execute();
}

export async function findGroup(db: Db, shopId: number, id: number) {
  const rows = await listGroups(db, shopId);
  return rows.find((r) => r.id === id);
}

export async function updateGroup(db: Db, id: number, values: Updateable<ServiceGroupTable>): Promise<void> {
  await db.updateTable('service_groups').set(values).where('id', '=', id).execute();
}

export async function deleteGroup(db: Db, id: number): Promise<void> {
  await db.deleteFrom('service_groups').where('id', '=', id).execute();
}

export async function categoryOfShop(db: Db, shopId: number, id: number): Promise<boolean> {
  const row = await db.selectFrom('service_categories').select('id').where('id', '=', id).where('shop_id', '=', shopId).executeTakeFirst();
  return row !== undefined;
}

// --- Shop services ---------------------------------------------------------------------------------

export function listShopServices(db: Db, shopId: number) {
  return db.selectFrom('shop_services').selectAll().where('shop_id', '=', shopId).orderBy('sort_order').orderBy('name').orderBy('id').execute();
}

export function findShopService(db: Db, shopId: number, id: number) {
  return db.selectFrom('shop_services').selectAll().where('id', '=', id).where('shop_id', '=', shopId).executeTakeFirst();
}

export async function updateShopService(db: Db, id: number, values: Updateable<ShopServiceTable>): Promise<void> {
  await db.updateTable('shop_services').set(values).where('id', '=', id).execute();
}

export async function groupOfShop(db: Db, shopId: number, id: number): Promise<boolean> {
  const row = await db.selectFrom('service_groups').select('id').where('id', '=', id).where('shop_id', '=', shopId).executeTakeFirst();
  return row !== undefined;
}

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

// --- Working hours ---------------------------------------------------------------------------------

export function findStaffMember(db: Db, shopId: number, id: number) {
  return db.selectFrom('staff').select(['id', 'name', 'active']).where('id', '=', id).where('shop_id', '=', shopId).executeTakeFirst();
}

export async function updateStaffMember(db: Db, id: number, values: { name: string; active: 0 | 1 }): Promise<void> {
  await db.updateTable('staff').set(values).where('id', '=', id).execute();
}

export async function deleteHours(db: Db, staffId: number): Promise<void> {
  await db.deleteFrom('staff_hours').where('staff_id', '=', staffId).execute();
}
