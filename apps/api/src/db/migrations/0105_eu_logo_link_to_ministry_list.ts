import type { Kysely } from 'kysely';

/**
 * The older per-shop option `eu_logo_register_url` becomes the shop's `ministry_list_url`
 * (decision 0405): one link, edited with the rest of the legal data. A shop that already has a
 * list link keeps it; the option goes away, so nothing reads two links that could disagree.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const rows = await db.selectFrom('options').select(['shop_id', 'value']).where('key', '=', 'eu_logo_register_url').execute();
  for (const row of rows) {
    await db
      .updateTable('shops')
      .set({ ministry_list_url: row.value })
      .where('id', '=', row.shop_id)
      .where('ministry_list_url', 'is', null)
      .execute();
  }
  await db.deleteFrom('options').where('key', '=', 'eu_logo_register_url').execute();
}

/** Gives each shop's list link back to the option. */
export async function down(db: Kysely<any>): Promise<void> {
  const shops = await db.selectFrom('shops').select(['id', 'ministry_list_url']).where('ministry_list_url', 'is not', null).execute();
  const now = new Date().toISOString();
  for (const shop of shops) {
    await db
      .insertInto('options')
      .values({ shop_id: shop.id, key: 'eu_logo_register_url', value: shop.ministry_list_url, updated_at: now })
      .execute();
  }
}
