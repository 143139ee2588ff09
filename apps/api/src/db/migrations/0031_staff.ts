import { type Kysely, sql } from 'kysely';
import { createdAt, dropTables, index, optionalRef, ownedByShop, ref, required, requiredTexts, tableWithId, texts, withDefault } from '../column.js';

/**
 * Who performs services and when: staff members, the services each is qualified for, weekly
 * hours (ISO weekday, Rome 'HH:mm' times) and exceptions (closures of one member, or of the whole
 * shop when staff_id is null; all day, or between two times, on every day of a date range).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'staff')
    .$call(ownedByShop)
    .addColumn('name', 'text', required)
    .addColumn('active', 'integer', withDefault(1))
    // Bumped by every booking of this member: the row lock that serializes their bookings
    // on PostgreSQL and takes SQLite's write lock first (decision 0180).
    .addColumn('booking_seq', 'integer', withDefault(0))
    .$call(createdAt)
    .execute();
  await index(db, 'staff_shop', 'staff', ['shop_id']);

  await db.schema
    .createTable('staff_services')
    .$call(ref('staff_id', 'staff', 'cascade'))
    .$call(ref('service_id', 'services', 'cascade'))
    .addPrimaryKeyConstraint('staff_services_pk', ['staff_id', 'service_id'])
    .execute();
  await index(db, 'staff_services_service', 'staff_services', ['service_id']);

  await tableWithId(db, 'staff_hours')
    .$call(ref('staff_id', 'staff', 'cascade'))
    .addColumn('weekday', 'integer', required)
    .$call(requiredTexts('start_time', 'end_time'))
    .addCheckConstraint('staff_hours_weekday_check', sql`weekday between 1 and 7`)
    .addCheckConstraint('staff_hours_order_check', sql`start_time < end_time`)
    .execute();
  await index(db, 'staff_hours_staff', 'staff_hours', ['staff_id']);

  await tableWithId(db, 'staff_exceptions')
    .$call(ownedByShop)
    .$call(optionalRef('staff_id', 'staff', 'cascade'))
    .$call(requiredTexts('date_from', 'date_to'))
    .$call(texts('start_time', 'end_time', 'reason'))
    .$call(createdAt)
    .addCheckConstraint('staff_exceptions_dates_check', sql`date_from <= date_to`)
    .addCheckConstraint(
      'staff_exceptions_times_check',
      sql`(start_time is null and end_time is null) or (start_time is not null and end_time is not null and start_time < end_time)`,
    )
    .execute();
  await index(db, 'staff_exceptions_shop_dates', 'staff_exceptions', ['shop_id', 'date_to', 'date_from']);
}

export const down = dropTables('staff_exceptions', 'staff_hours', 'staff_services', 'staff');
