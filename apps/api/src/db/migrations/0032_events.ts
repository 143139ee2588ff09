import type { Kysely } from 'kysely';
import { dropTables, index, ownedByShop, ref, required, requiredTexts, tableWithId, timestamps, withDefault } from '../column.js';

/** Events (e.g. a skin-care day): services offered inside availability windows (UTC instants). */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'events')
    .$call(ownedByShop)
    .addColumn('name', 'text', required)
    .addColumn('description', 'text', withDefault(''))
    .addColumn('active', 'integer', withDefault(1))
    .$call(timestamps)
    .execute();
  await index(db, 'events_shop', 'events', ['shop_id']);

  await tableWithId(db, 'event_availabilities')
    .$call(ref('event_id', 'events', 'cascade'))
    .$call(requiredTexts('start_at', 'end_at'))
    .execute();
  await index(db, 'event_availabilities_event', 'event_availabilities', ['event_id', 'start_at']);

  await db.schema
    .createTable('event_services')
    .$call(ref('event_id', 'events', 'cascade'))
    .$call(ref('service_id', 'services', 'cascade'))
    .addPrimaryKeyConstraint('event_services_pk', ['event_id', 'service_id'])
    .execute();
}

export const down = dropTables('event_services', 'event_availabilities', 'events');
