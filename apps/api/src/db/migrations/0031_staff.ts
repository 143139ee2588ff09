import { type Kysely, sql } from 'kysely';
import { engineOf, withId } from '../column.js';

/**
 * Who performs services and when: staff members, the services each is qualified for, weekly
 * hours (ISO weekday, Rome 'HH:mm' times) and exceptions (closures of one member, or of the whole
 * shop when staff_id is null; all day, or between two times, on every day of a date range).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);

  await withId(db.schema.createTable('staff'), engine)
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    // Bumped by every booking of this member: the row lock that serializes their bookings
    // on PostgreSQL and takes SQLite's write lock first (decision 0180).
    .addColumn('booking_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_shop').on('staff').column('shop_id').execute();

  await db.schema
    .createTable('staff_services')
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('staff_services_pk', ['staff_id', 'service_id'])
    .execute();
  await db.schema.createIndex('staff_services_service').on('staff_services').column('service_id').execute();

  await withId(db.schema.createTable('staff_hours'), engine)
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('weekday', 'integer', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addCheckConstraint('staff_hours_weekday_check', sql`weekday between 1 and 7`)
    .addCheckConstraint('staff_hours_order_check', sql`start_time < end_time`)
    .execute();
  await db.schema.createIndex('staff_hours_staff').on('staff_hours').column('staff_id').execute();

  await withId(db.schema.createTable('staff_exceptions'), engine)
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id').onDelete('cascade'))
    .addColumn('date_from', 'text', (c) => c.notNull())
    .addColumn('date_to', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text')
    .addColumn('end_time', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('staff_exceptions_dates_check', sql`date_from <= date_to`)
    .addCheckConstraint(
      'staff_exceptions_times_check',
      sql`(start_time is null and end_time is null) or (start_time is not null and end_time is not null and start_time < end_time)`,
    )
    .execute();
  await db.schema
    .createIndex('staff_exceptions_shop_dates')
    .on('staff_exceptions')
    .columns(['shop_id', 'date_to', 'date_from'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['staff_exceptions', 'staff_hours', 'staff_services', 'staff']) await db.schema.dropTable(t).execute();
}
