import { type Kysely, sql } from 'kysely';
import { createdAt, dropTables, index, optionalRef, ownedByShop, ownedByUser, ref, requiredTexts, tableWithId, texts, uniqueIndexWhere, withDefault } from '../column.js';

/**
 * Reservations. `day`/`start_appointment`/`end_appointment` are the Rome wall-clock values the
 * app shows; `start_at`/`end_at` the UTC instants, and `busy_until` = end + the service's
 * padding_after: the staff member is taken on [start_at, busy_until).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'reservations')
    .$call(ownedByUser)
    .$call(ownedByShop)
    .$call(ref('service_id', 'services'))
    .$call(ref('staff_id', 'staff'))
    .$call(optionalRef('event_id', 'events', 'set null'))
    .$call(requiredTexts('day', 'start_appointment', 'end_appointment', 'start_at', 'end_at', 'busy_until'))
    // Encrypted at rest: a note to the pharmacist is health data (ARCHITECTURE §7).
    .addColumn('note', 'text')
    .addColumn('status', 'text', withDefault('booked'))
    .$call(createdAt)
    .$call(texts('cancelled_at', 'reminder_queued_at'))
    .addCheckConstraint('reservations_status_check', sql`status in ('booked', 'cancelled')`)
    .execute();
  // Two booked reservations can never start at the same instant with the same staff member,
  // whatever the code above does (decision 0180). Cancelled rows leave the index: the slot is free.
  await uniqueIndexWhere(db, 'reservations_staff_slot_unique', 'reservations', ['staff_id', 'start_at'], ['status', '=', 'booked']);
  await index(db, 'reservations_staff_busy', 'reservations', ['staff_id', 'start_at', 'busy_until']);
  await index(db, 'reservations_user_day', 'reservations', ['user_id', 'day']);
  await index(db, 'reservations_reminders', 'reservations', ['status', 'day']);
}

export const down = dropTables('reservations');
