import type { Kysely } from 'kysely';
import { dropTables, index, required, tableWithId, timestamps } from '../column.js';

/**
 * Catalogue uploads of the back office (issue 8, decision 0295): one row per upload, its progress
 * moved by the import as it writes batches, its report (JSON) when done. Any instance answers
 * the progress, whichever one runs the import.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'catalogue_import_jobs')
    .addColumn('shop_id', 'integer', required)
    .addColumn('user_id', 'integer', required)
    .addColumn('file_name', 'text')
    .addColumn('status', 'text', required)
    .addColumn('total_rows', 'integer', required)
    .addColumn('processed_rows', 'integer', required)
    .addColumn('report', 'text')
    .addColumn('error', 'text')
    .$call(timestamps)
    .addColumn('finished_at', 'text')
    .execute();
  await index(db, 'catalogue_import_jobs_shop', 'catalogue_import_jobs', ['shop_id', 'id']);
}

export const down = dropTables('catalogue_import_jobs');
