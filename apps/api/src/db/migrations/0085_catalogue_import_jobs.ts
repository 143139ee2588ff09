import type { Kysely } from 'kysely';
import { dropTables, index, required, requiredIntegers, tableWithId, texts, timestamps } from '../column.js';

/**
 * Catalogue uploads of the back office (issue 8, decision 0295): one row per upload, its progress
 * moved by the import as it writes batches, its report (JSON) when done. Any instance answers
 * the progress, whichever one runs the import.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'catalogue_import_jobs')
    .$call(requiredIntegers('shop_id', 'user_id'))
    .addColumn('file_name', 'text')
    .addColumn('status', 'text', required)
    .$call(requiredIntegers('total_rows', 'processed_rows'))
    .$call(texts('report', 'error'))
    .$call(timestamps)
    .addColumn('finished_at', 'text')
    .execute();
  await index(db, 'catalogue_import_jobs_shop', 'catalogue_import_jobs', ['shop_id', 'id']);
}

export const down = dropTables('catalogue_import_jobs');
