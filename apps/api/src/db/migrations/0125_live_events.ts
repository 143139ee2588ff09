import type { Kysely } from 'kysely';
import { createdAt, dropTables, index, required, requiredIntegers, requiredTexts, tableWithId } from '../column.js';

/**
 * The live updates' short replay log (issue 19, decision 0525): one row per change of an order or
 * a booking, numbered across every instance, kept a few minutes so a reconnecting stream resumes
 * from its `Last-Event-ID`. No content, only which row changed and whose it is.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'live_events')
    .$call(requiredIntegers('shop_id', 'user_id'))
    .$call(requiredTexts('topic', 'action'))
    .addColumn('ref_id', 'integer', required)
    .$call(createdAt)
    .execute();
  await index(db, 'live_events_created', 'live_events', ['created_at']);
}

export const down = dropTables('live_events');
