import type { Kysely } from 'kysely';
import { engineOf, withId } from '../column.js';

/**
 * Catalogue uploads of the back office (issue 8, decision 0295): one row per upload, its progress
 * moved by the import as it writes batches, its report (JSON) when done. Any instance answers
 * the progress, whichever one runs the import.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('catalogue_import_jobs'), engineOf(db))
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total_rows', 'integer', (c) => c.notNull())
    .addColumn('processed_rows', 'integer', (c) => c.notNull())
    .addColumn('report', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('catalogue_import_jobs_shop').on('catalogue_import_jobs').columns(['shop_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('catalogue_import_jobs').execute();
}
