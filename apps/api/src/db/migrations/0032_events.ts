import type { Kysely } from 'kysely';
import { engineOf, withId } from '../column.js';

/** Events (e.g. a skin-care day): services offered inside availability windows (UTC instants). */
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);

  await withId(db.schema.createTable('events'), engine)
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_shop').on('events').column('shop_id').execute();

  await withId(db.schema.createTable('event_availabilities'), engine)
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('start_at', 'text', (c) => c.notNull())
    .addColumn('end_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('event_availabilities_event')
    .on('event_availabilities')
    .columns(['event_id', 'start_at'])
    .execute();

  await db.schema
    .createTable('event_services')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('event_services_pk', ['event_id', 'service_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['event_services', 'event_availabilities', 'events']) await db.schema.dropTable(t).execute();
}
