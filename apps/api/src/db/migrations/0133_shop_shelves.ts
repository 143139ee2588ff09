import { type Kysely, sql } from 'kysely';
import { engineOf } from '../column.js';

/**
 * Per-shop offers at the scale of a thousand pharmacies (issue 18 "Scale", decision 0548).
 *
 * - `product_offers_shelf`: a shop's products on sale, read from the index alone (partial, on
 *   sale only) — what the search adapters read as the shop's shelf, and what a category page or
 *   a search page joins to.
 * - `product_offers_promotions`: a shop's offers on promotion with their period — the
 *   promotions count read from the index alone, the promotions page without reading the others.
 * - `shop_shelves`: a version per shop, moved when that shop's shelf changes (an offer of it
 *   added or removed on sale, or put on or off sale), not with a price or stock. The search
 *   adapters keep each shop's shelf in memory and read again only the shelf whose version moved:
 *   one pharmacy's price list no longer drops the other 999 shelves on every instance.
 *   `catalogue_search_state.offers_version` (migration 0130) stays as it is.
 * - PostgreSQL: the search version also moves when a product's categories change (the search
 *   index cuts category pages to a shop's shelf in memory).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  await sql`create index product_offers_shelf on product_offers (shop_id, product_id) where on_sale = 1`.execute(db);
  await sql`create index product_offers_promotions on product_offers (shop_id, promo_start, promo_end, product_id)
    where promo = 1 and on_sale = 1`.execute(db);

  await db.schema
    .createTable('shop_shelves')
    .addColumn('shop_id', 'integer', (c) => c.primaryKey().references('shops.id').onDelete('cascade'))
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  const bump = (shops: string) => `insert into shop_shelves (shop_id, version) ${shops}
    on conflict (shop_id) do update set version = shop_shelves.version + 1`;
  if (engine === 'sqlite') {
    // One row at a time: SQLite has no statement-level triggers (one shop is the usual case there).
    await sql.raw(`create trigger shop_shelves_insert after insert on product_offers when new.on_sale = 1
      begin ${bump('select new.shop_id, 1 where true')}; end`).execute(db);
    await sql.raw(`create trigger shop_shelves_delete after delete on product_offers when old.on_sale = 1
      begin ${bump('select old.shop_id, 1 where true')}; end`).execute(db);
    await sql.raw(`create trigger shop_shelves_update after update of on_sale, shop_id, product_id on product_offers
      when old.on_sale is not new.on_sale or old.shop_id <> new.shop_id or old.product_id <> new.product_id
      begin ${bump('select old.shop_id, 1 where old.on_sale = 1 or new.on_sale = 1')}; ${bump('select new.shop_id, 1 where new.shop_id <> old.shop_id')}; end`).execute(db);
  } else {
    // Statement-level, with the statement's rows: an import of 20,000 offers moves its shop's
    // version once, and a statement that changes only prices or stock moves none.
    const shelfRows = (table: string) => `select shop_id, product_id from ${table} where on_sale = 1`;
    await sql.raw(`create function farmacia_shop_shelves_insert() returns trigger language plpgsql as $$
      begin ${bump(`select distinct shop_id, 1 from new_offers where on_sale = 1`)}; return null; end $$`).execute(db);
    await sql.raw(`create function farmacia_shop_shelves_delete() returns trigger language plpgsql as $$
      begin ${bump(`select distinct shop_id, 1 from old_offers where on_sale = 1`)}; return null; end $$`).execute(db);
    await sql.raw(`create function farmacia_shop_shelves_update() returns trigger language plpgsql as $$
      begin ${bump(`select distinct shop_id, 1 from ((${shelfRows('new_offers')} except ${shelfRows('old_offers')})
        union all (${shelfRows('old_offers')} except ${shelfRows('new_offers')})) moved`)}; return null; end $$`).execute(db);
    await sql`create trigger shop_shelves_insert after insert on product_offers referencing new table as new_offers
      for each statement execute function farmacia_shop_shelves_insert()`.execute(db);
    await sql`create trigger shop_shelves_delete after delete on product_offers referencing old table as old_offers
      for each statement execute function farmacia_shop_shelves_delete()`.execute(db);
    await sql`create trigger shop_shelves_update after update on product_offers referencing old table as old_offers new table as new_offers
      for each statement execute function farmacia_shop_shelves_update()`.execute(db);
    // TRUNCATE has no rows to look at: every shop's shelf has moved.
    await sql.raw(`create function farmacia_shop_shelves_truncate() returns trigger language plpgsql as $$
      begin update shop_shelves set version = version + 1; return null; end $$`).execute(db);
    await sql`create trigger shop_shelves_truncate after truncate on product_offers
      for each statement execute function farmacia_shop_shelves_truncate()`.execute(db);
    // The PostgreSQL search index holds each category's products (category pages are cut to a
    // shop's shelf in memory): a product moved to other categories moves the search version too.
    await searchVersionOn(db, [...SEARCHED_COLUMNS, 'cat1_id', 'cat2_id', 'cat3_id', 'cat4_id']);
  }
}

/** The product columns whose change moves the search version (migration 0025). */
const SEARCHED_COLUMNS = ['nome_prodotto', 'descrizione_pricipio_attivo', 'descrizione_ditta_1_produttrice', 'descrizione_atc', 'rank'];

async function searchVersionOn(db: Kysely<any>, columns: readonly string[]): Promise<void> {
  await sql`drop trigger if exists products_search_version on products`.execute(db);
  await sql`create trigger products_search_version after insert or delete or update of ${sql.join(columns.map((c) => sql.id(c)))}
    on products for each statement execute function farmacia_catalogue_search_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'sqlite') {
    for (const trigger of ['shop_shelves_insert', 'shop_shelves_delete', 'shop_shelves_update']) {
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    }
  } else {
    await searchVersionOn(db, SEARCHED_COLUMNS);
    for (const name of ['insert', 'delete', 'update', 'truncate']) {
      await sql`drop function if exists ${sql.id(`farmacia_shop_shelves_${name}`)}() cascade`.execute(db);
    }
  }
  await db.schema.dropTable('shop_shelves').execute();
  await sql`drop index product_offers_promotions`.execute(db);
  await sql`drop index product_offers_shelf`.execute(db);
}
