import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FileRow, NewFileRow } from './files.table.js';

type Executor = Kysely<Database> | Transaction<Database>;

export function insertFile(db: Executor, row: NewFileRow): Promise<FileRow> {
  return db.insertInto('files').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findFile(db: Executor, id: number): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findFiles(db: Executor, ids: readonly number[]): Promise<FileRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('files').selectAll().where('id', 'in', ids).execute();
}

export async function deleteFileRow(db: Executor, id: number): Promise<FileRow | undefined> {
  return db.deleteFrom('files').where('id', '=', id).returningAll().executeTakeFirst();
}

export async function logAccess(
  db: Executor,
  entry: { file_id: number; owner_user_id: number; reader_user_id: number; reader_role: string; ip: string | null; created_at: string },
): Promise<void> {
  await db.insertInto('file_access_log').values(entry).execute();
}

export function accessLogOf(db: Executor, fileId: number) {
  return db.selectFrom('file_access_log').selectAll().where('file_id', '=', fileId).orderBy('id').execute();
}
