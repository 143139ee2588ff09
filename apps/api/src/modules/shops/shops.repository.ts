import type { Db, Executor } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared-query.js';

// Read by every cart call (twice) and order action: built and compiled once (decision 0553).
const optionOf = preparedQuery((db, v: { shopId: number; key: string }) =>
  db.selectFrom('options').select(['value']).where('shop_id', '=', v.shopId).where('key', '=', v.key),
);

export async function findOption(db: Db, shopId: number, key: string) {
  return (await optionOf(db, { shopId, key }))[0];
}

export function findOptions(db: Db, shopId: number, keys: readonly string[]) {
  return db.selectFrom('options').select(['key', 'value']).where('shop_id', '=', shopId).where('key', 'in', keys).execute();
}

export function findContent(db: Db, shopId: number, key: string) {
  return db
    .selectFrom('contents')
    .select(['value', 'updated_at'])
    .where('shop_id', '=', shopId)
    .where('key', '=', key)
    .executeTakeFirst();
}

export function findMedia(db: Db, shopId: number, name: string) {
  return db
    .selectFrom('shop_media')
    .select(['content_type', 'data_base64', 'etag'])
    .where('shop_id', '=', shopId)
    .where('name', '=', name)
    .executeTakeFirst();
}

export function findShop(db: Db, id: number): Promise<{ id: number; name: string } | undefined> {
  return db.selectFrom('shops').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

/** The default shop: the first one created. */
export function findDefaultShop(db: Db): Promise<{ id: number; name: string } | undefined> {
  return db.selectFrom('shops').select(['id', 'name']).orderBy('id').limit(1).executeTakeFirst();
}

export function allShops(db: Db) {
  return db.selectFrom('shops').select(['id', 'name']).orderBy('id').execute();
}

/** Writes a shop's value under `key` in one of its key/value tables (insert or replace). */
async function upsertShopValue(
  db: Executor,
  table: 'options' | 'contents',
  shopId: number,
  key: string,
  value: string,
  at: string,
): Promise<void> {
  await db
    .insertInto(table)
    .values({ shop_id: shopId, key, value, updated_at: at })
    .onConflict((oc) => oc.columns(['shop_id', 'key']).doUpdateSet({ value, updated_at: at }))
    .execute();
}

/** Writes an option (insert or replace). */
export const upsertOption = (db: Executor, shopId: number, key: string, value: string, at: string) =>
  upsertShopValue(db, 'options', shopId, key, value, at);

export const upsertContent = (db: Executor, shopId: number, key: string, value: string, at: string) =>
  upsertShopValue(db, 'contents', shopId, key, value, at);

export async function upsertMedia(
  db: Executor,
  row: { shop_id: number; name: string; content_type: string; data_base64: string; etag: string; updated_at: string },
): Promise<void> {
  await db
    .insertInto('shop_media')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['shop_id', 'name']).doUpdateSet({
        content_type: row.content_type,
        data_base64: row.data_base64,
        etag: row.etag,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}
