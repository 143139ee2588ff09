import type { Kysely } from 'kysely';
import { dropTables, engineOf, index, ref, required, uniqueIndex, withId } from '../column.js';

/** Uploaded files (metadata; the bytes are encrypted in the BlobStore) and the log of who read them. */
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  await withId(db.schema.createTable('files'), engine)
    .$call(ref('user_id', 'users', 'cascade'))
    .$call(ref('shop_id', 'shops'))
    .addColumn('name', 'text', required)
    .addColumn('mime_type', 'text', required)
    .addColumn('size', 'integer', required)
    .addColumn('sha256', 'text', required)
    .addColumn('blob_key', 'text', required)
    .addColumn('created_at', 'text', required)
    .execute();
  await uniqueIndex(db, 'files_blob_key_unique', 'files', ['blob_key']);
  await index(db, 'files_user', 'files', ['user_id']);

  await withId(db.schema.createTable('file_access_log'), engine)
    .addColumn('file_id', 'integer', required)
    .addColumn('owner_user_id', 'integer', required)
    .addColumn('reader_user_id', 'integer', required)
    .addColumn('reader_role', 'text', required)
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', required)
    .execute();
  await index(db, 'file_access_log_file', 'file_access_log', ['file_id']);
  await index(db, 'file_access_log_owner', 'file_access_log', ['owner_user_id']);
}

export const down = dropTables('file_access_log', 'files');
