import type { Kysely } from 'kysely';
import { createdAt, dropTables, index, keptByShop, ownedByUser, required, requiredIntegers, requiredTexts, tableWithId, uniqueIndex } from '../column.js';

/** Uploaded files (metadata; the bytes are encrypted in the BlobStore) and the log of who read them. */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'files')
    .$call(ownedByUser)
    .$call(keptByShop)
    .$call(requiredTexts('name', 'mime_type'))
    .addColumn('size', 'integer', required)
    .$call(requiredTexts('sha256', 'blob_key'))
    .$call(createdAt)
    .execute();
  await uniqueIndex(db, 'files_blob_key_unique', 'files', ['blob_key']);
  await index(db, 'files_user', 'files', ['user_id']);

  await tableWithId(db, 'file_access_log')
    .$call(requiredIntegers('file_id', 'owner_user_id', 'reader_user_id'))
    .addColumn('reader_role', 'text', required)
    .addColumn('ip', 'text')
    .$call(createdAt)
    .execute();
  await index(db, 'file_access_log_file', 'file_access_log', ['file_id']);
  await index(db, 'file_access_log_owner', 'file_access_log', ['owner_user_id']);
}

export const down = dropTables('file_access_log', 'files');
