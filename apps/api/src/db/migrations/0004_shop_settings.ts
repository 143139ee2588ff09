import type { Kysely } from 'kysely';
import { dropTables, ownedByShop, required } from '../column.js';

/** Per-shop options (key/value, JSON as text), HTML content by key, and media (logo, slides). */
export async function up(db: Kysely<any>): Promise<void> {
  // Options and contents are the same shape: one text value per shop and key.
  for (const table of ['options', 'contents']) {
    await db.schema
      .createTable(table)
      .$call(ownedByShop)
      .addColumn('key', 'text', required)
      .addColumn('value', 'text', required)
      .addColumn('updated_at', 'text', required)
      .addPrimaryKeyConstraint(`${table}_pk`, ['shop_id', 'key'])
      .execute();
  }
  // Small public images only (a logo, carousel slides): base64 text keeps one column type on both engines.
  await db.schema
    .createTable('shop_media')
    .$call(ownedByShop)
    .addColumn('name', 'text', required)
    .addColumn('content_type', 'text', required)
    .addColumn('data_base64', 'text', required)
    .addColumn('etag', 'text', required)
    .addColumn('updated_at', 'text', required)
    .addPrimaryKeyConstraint('shop_media_pk', ['shop_id', 'name'])
    .execute();
}

export const down = dropTables('shop_media', 'contents', 'options');
