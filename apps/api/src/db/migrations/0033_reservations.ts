import { type Kysely, sql } from 'kysely';
import { engineOf, withId } from '../column.js';

/**
 * Reservations. `day`/`start_appointment`/`end_appointment` are the Rome wall-clock values the
 * app shows; `start_at`/`end_at` the UTC instants, and `busy_until` = end + the service's
 * padding_after: the staff member is taken on [start_at, busy_until).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('reservations'), engineOf(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id'))
    .addColumn('event_id', 'integer', (c) => c.references('events.id').onDelete('set null'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('start_appointment', 'text', (c) => c.notNull())
    .addColumn('end_appointment', 'text', (c) => c.notNull())
    .addColumn('start_at', 'text', (c) => c.notNull())
    .addColumn('end_at', 'text', (c) => c.notNull())
    .addColumn('busy_until', 'text', (c) => c.notNull())
    // Encrypted at rest: a note to the pharmacist is health data (ARCHITECTURE §7).
    .addColumn('note', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('booked'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    .addColumn('reminder_queued_at', 'text')
    .addCheckConstraint('reservations_status_check', sql`status in ('booked', 'cancelled')`)
    .execute();
  // Two booked reservations can never start at the same instant with the same staff member,
  // whatever the code above does (decision 0180). Cancelled rows leave the index: the slot is free.
  await db.schema
    .createIndex('reservations_staff_slot_unique')
    .on('reservations')
    .columns(['staff_id', 'start_at'])
    .unique()
    .where(sql.ref('status'), '=', 'booked')
    .execute();
  await db.schema.createIndex('reservations_staff_busy').on('reservations').columns(['staff_id', 'start_at', 'busy_until']).execute();
  await db.schema.createIndex('reservations_user_day').on('reservations').columns(['user_id', 'day']).execute();
  await db.schema.createIndex('reservations_reminders').on('reservations').columns(['status', 'day']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reservations').execute();
}
