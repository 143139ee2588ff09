import type { Kysely } from 'kysely';
import { engineOf, withId } from '../column.js';

/**
 * The live updates' short replay log (issue 19, decision 0525): one row per change of an order or
 * a booking, numbered across every instance, kept a few minutes so a reconnecting stream resumes
 * from its `Last-Event-ID`. No content, only which row changed and whose it is.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('live_events'), engineOf(db))
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('live_events_created').on('live_events').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('live_events').execute();
}
