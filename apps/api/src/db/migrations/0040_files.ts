import type { Kysely } from 'kysely';
import { createdAt, dropTables, index, keptByShop, ownedByUser, required, tableWithId, uniqueIndex } from '../column.js';

/** Uploaded files (metadata; the bytes are encrypted in the BlobStore) and the log of who read them. */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'files')
    .$call(ownedByUser)
    .$call(keptByShop)
    .addColumn('name', 'text', required)
    .addColumn('mime_type', 'text', required)
    .addColumn('size', 'integer', required)
    .addColumn('sha256', 'text', required)
    .addColumn('blob_key', 'text', required)
    .$call(createdAt)
    .execute();
  await uniqueIndex(db, 'files_blob_key_unique', 'files', ['blob_key']);
  await index(db, 'files_user', 'files', ['user_id']);

  await tableWithId(db, 'file_access_log')
    .addColumn('file_id', 'integer', required)
    .addColumn('owner_user_id', 'integer', required)
    .addColumn('reader_user_id', 'integer', required)
    .addColumn('reader_role', 'text', required)
    .addColumn('ip', 'text')
    .$call(createdAt)
    .execute();
  await index(db, 'file_access_log_file', 'file_access_log', ['file_id']);
  await index(db, 'file_access_log_owner', 'file_access_log', ['owner_user_id']);
}

export const down = dropTables('file_access_log', 'files');
