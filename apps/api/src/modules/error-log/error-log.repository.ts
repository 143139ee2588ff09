import type { Db } from '../../db/database.js';
import type { ErrorLogTable } from './error-log.table.js';
import type { Insertable } from 'kysely';

export async function insertErrorLog(db: Db, row: Insertable<ErrorLogTable>): Promise<void> {
  await db.insertInto('error_logs').values(row).execute();
}
