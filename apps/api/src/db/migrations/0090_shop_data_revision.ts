import type { Kysely } from 'kysely';
import { dropTables, required } from '../column.js';

/**
 * One counter for all shops' options and content (issue 8): the back office raises it with each
 * edit, `GET /api/` answers it as `data_version`, so every open app refetches shop data within one
 * poll (decision 0311). A single row keeps the poll's read a primary-key lookup.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shop_data_revision')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('revision', 'integer', required)
    .addColumn('updated_at', 'text', required)
    .execute();
  await db.insertInto('shop_data_revision').values({ id: 1, revision: 0, updated_at: new Date().toISOString() }).execute();
}

export const down = dropTables('shop_data_revision');
