import type { Kysely } from 'kysely';
import { dropTables, ownedByShop, requiredTexts } from '../column.js';

/** Per-shop options (key/value, JSON as text), HTML content by key, and media (logo, slides). */
export async function up(db: Kysely<any>): Promise<void> {
  // Options and contents are the same shape: one text value per shop and key.
  for (const table of ['options', 'contents']) {
    await db.schema
      .createTable(table)
      .$call(ownedByShop)
      .$call(requiredTexts('key', 'value', 'updated_at'))
      .addPrimaryKeyConstraint(`${table}_pk`, ['shop_id', 'key'])
      .execute();
  }
  // Small public images only (a logo, carousel slides): base64 text keeps one column type on both engines.
  await db.schema
    .createTable('shop_media')
    .$call(ownedByShop)
    .$call(requiredTexts('name', 'content_type', 'data_base64', 'etag', 'updated_at'))
    .addPrimaryKeyConstraint('shop_media_pk', ['shop_id', 'name'])
    .execute();
}

export const down = dropTables('shop_media', 'contents', 'options');
