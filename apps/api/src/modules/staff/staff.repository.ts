import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { StaffExceptionTable, StaffHoursTable } from './staff.table.js';

// What a day's slots and the calendar read on every call: built and compiled once (decision 0553).
const qualified = preparedQuery((db, v: { serviceId: number; shopId: number }) =>
  db
    .selectFrom('staff')
    .innerJoin('staff_services', 'staff_services.staff_id', 'staff.id')
    .select(['staff.id', 'staff.name'])
    .where('staff_services.service_id', '=', v.serviceId)
    .where('staff.shop_id', '=', v.shopId)
    .where('staff.active', '=', 1)
    .orderBy('staff.id'),
);
const hours = preparedQuery((db, v: { staffIds: number[] }) =>
  db
    .selectFrom('staff_hours')
    .select(['staff_id', 'weekday', 'start_time', 'end_time'])
    .where('staff_id', 'in', v.staffIds)
    .orderBy('staff_id')
    .orderBy('weekday')
    .orderBy('start_time'),
);
const exceptions = preparedQuery((db, v: { shopId: number; from: string; to: string }) =>
  db
    .selectFrom('staff_exceptions')
    .select(['staff_id', 'date_from', 'date_to', 'start_time', 'end_time'])
    .where('shop_id', '=', v.shopId)
    .where('date_from', '<=', v.to)
    .where('date_to', '>=', v.from),
);

/** Active staff members of a shop qualified for a service. */
export function qualifiedStaff(db: Db, serviceId: number, shopId: number) {
  return qualified(db, { serviceId, shopId });
}

export function hoursOf(db: Db, staffIds: readonly number[]) {
  if (staffIds.length === 0) return Promise.resolve([]);
  return hours(db, { staffIds: [...staffIds] });
}

/** Closures of a shop (of the shop itself or of any member) touching the days `from`…`to`. */
export function exceptionsOf(db: Db, shopId: number, from: string, to: string) {
  return exceptions(db, { shopId, from, to });
}

export function findStaff(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('staff').select(['id', 'name']).where('id', 'in', [...ids]).execute();
}

/**
 * Takes the booking lock of one staff member of a shop for the rest of the transaction: an
 * UPDATE of their row is a row lock on PostgreSQL (a second booking of the same member waits for
 * the first to commit) and SQLite's write lock (decision 0180). 0 rows: no such member here.
 */
export async function lockForBooking(db: Db, staffId: number, shopId: number): Promise<boolean> {
  const result = await db
    .updateTable('staff')
    .set((eb) => ({ booking_seq: eb('booking_seq', '+', 1) }))
    .where('id', '=', staffId)
    .where('shop_id', '=', shopId)
    .where('active', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// --- Writes (demo seed, back office) -------------------------------------------------------------

export async function insertStaff(db: Db, shopId: number, name: string, at: string): Promise<number> {
  return (
    await db.insertInto('staff').values({ shop_id: shopId, name, active: 1, created_at: at }).returning('id').executeTakeFirstOrThrow()
  ).id;
}

export async function insertStaffServices(db: Db, staffId: number, serviceIds: readonly number[]): Promise<void> {
  if (serviceIds.length === 0) return;
  await db
    .insertInto('staff_services')
    .values(serviceIds.map((service_id) => ({ staff_id: staffId, service_id })))
    .execute();
}

export async function insertHours(db: Db, rows: Insertable<StaffHoursTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('staff_hours').values(rows).execute();
}

export async function insertException(db: Db, row: Insertable<StaffExceptionTable>): Promise<void> {
  await db.insertInto('staff_exceptions').values(row).execute();
}
