import type { Kysely } from 'kysely';

/** Per-shop options (key/value, JSON as text), HTML content by key, and media (logo, slides). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('options')
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('options_pk', ['shop_id', 'key'])
    .execute();
  await db.schema
    .createTable('contents')
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('contents_pk', ['shop_id', 'key'])
    .execute();
  // Small public images only (a logo, carousel slides): base64 text keeps one column type on both engines.
  await db.schema
    .createTable('shop_media')
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('data_base64', 'text', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('shop_media_pk', ['shop_id', 'name'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['shop_media', 'contents', 'options']) await db.schema.dropTable(t).execute();
}
