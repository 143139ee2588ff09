import type { Kysely } from 'kysely';
import { engineOf, withId } from '../column.js';

/** Uploaded files (metadata; the bytes are encrypted in the BlobStore) and the log of who read them. */
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  await withId(db.schema.createTable('files'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_blob_key_unique').on('files').column('blob_key').unique().execute();
  await db.schema.createIndex('files_user').on('files').column('user_id').execute();

  await withId(db.schema.createTable('file_access_log'), engine)
    .addColumn('file_id', 'integer', (c) => c.notNull())
    .addColumn('owner_user_id', 'integer', (c) => c.notNull())
    .addColumn('reader_user_id', 'integer', (c) => c.notNull())
    .addColumn('reader_role', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('file_access_log_file').on('file_access_log').column('file_id').execute();
  await db.schema.createIndex('file_access_log_owner').on('file_access_log').column('owner_user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('file_access_log').execute();
  await db.schema.dropTable('files').execute();
}
