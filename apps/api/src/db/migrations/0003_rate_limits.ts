import type { Kysely } from 'kysely';
import { dropTables, index, required, requiredTexts } from '../column.js';

/**
 * Fixed-window counters shared by every API instance (the database is the one thing they share):
 * one row per (bucket, key), reset when its window has passed. See decision 0122.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .$call(requiredTexts('bucket', 'key', 'window_start'))
    .addColumn('hits', 'integer', required)
    .addPrimaryKeyConstraint('rate_limits_pk', ['bucket', 'key'])
    .execute();
  await index(db, 'rate_limits_window', 'rate_limits', ['window_start']);
}

export const down = dropTables('rate_limits');
