import { type Kysely, sql } from 'kysely';
import { engineOf, index, integersFrom, ownedByShop, ref, required, withDefault } from '../column.js';

/**
 * Per-shop offers over one product master (issue 18, decision 0540). `products` stays the
 * installation's master (names, texts, maker, ATC, categories, flags, rank); what a customer of a
 * shop sees and pays — price, list price, stock, promotion, on sale or not — is that shop's row
 * of `product_offers`. A product with no offer of a shop (or one not on sale) is not on that
 * shop's shelf. `shop_category_totals` is each shop's `tot_prodotti`, refreshed by the catalogue
 * writer like the master's.
 *
 * `products.price_cents`, `list_price_cents`, `stock` and `promo` stay: the values a product was
 * first listed with (a reference, read by no customer path), so this migration and its reverse
 * are copies, not table rebuilds (SQLite cannot drop a column a CHECK constraint names).
 *
 * `catalogue_search_state.offers_version` moves when a shop's shelf changes (an offer added,
 * removed, or put on or off sale), not with a price or stock: the search adapters keep each
 * shop's shelf in memory and drop it then (decision 0541).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  await db.schema
    .createTable('product_offers')
    .$call(ownedByShop)
    .$call(ref('product_id', 'products', 'cascade'))
    .addColumn('price_cents', 'integer', required)
    .addColumn('list_price_cents', 'integer')
    .$call(integersFrom(0, 'stock', 'promo'))
    .addColumn('on_sale', 'integer', withDefault(1))
    .addColumn('updated_at', 'text', required)
    .addPrimaryKeyConstraint('product_offers_pk', ['shop_id', 'product_id'])
    .addCheckConstraint('product_offers_price_check', sql`price_cents >= 0`)
    .addCheckConstraint('product_offers_stock_check', sql`stock >= 0`)
    .execute();
  // "Does another shop sell it?" (the master's edit rule) and the cascade from products.
  await index(db, 'product_offers_product', 'product_offers', ['product_id']);

  await db.schema
    .createTable('shop_category_totals')
    .$call(ownedByShop)
    .$call(ref('category_id', 'categories', 'cascade'))
    .addColumn('tot_prodotti', 'integer', required)
    .addPrimaryKeyConstraint('shop_category_totals_pk', ['shop_id', 'category_id'])
    .execute();

  // Today's products become one offer per existing shop, with today's price and stock.
  await sql`insert into product_offers (shop_id, product_id, price_cents, list_price_cents, stock, promo, on_sale, updated_at)
    select s.id, p.id, p.price_cents, p.list_price_cents, p.stock, p.promo, 1, p.updated_at
    from shops s cross join products p`.execute(db);
  for (const level of [1, 2, 3, 4]) {
    await sql`insert into shop_category_totals (shop_id, category_id, tot_prodotti)
      select o.shop_id, ${sql.ref(`p.cat${level}_id`)}, count(*)
      from product_offers o join products p on p.id = o.product_id
      where ${sql.ref(`p.cat${level}_id`)} is not null
      group by o.shop_id, ${sql.ref(`p.cat${level}_id`)}`.execute(db);
  }

  await db.schema.alterTable('catalogue_search_state').addColumn('offers_version', 'bigint', withDefault(0)).execute();
  const bump = 'update catalogue_search_state set offers_version = offers_version + 1 where id = 1;';
  if (engine === 'sqlite') {
    await sql.raw(`create trigger product_offers_shelf_insert after insert on product_offers begin ${bump} end`).execute(db);
    await sql.raw(`create trigger product_offers_shelf_delete after delete on product_offers begin ${bump} end`).execute(db);
    await sql.raw(`create trigger product_offers_shelf_update after update of on_sale, shop_id, product_id on product_offers
      when old.on_sale is not new.on_sale or old.shop_id <> new.shop_id or old.product_id <> new.product_id
      begin ${bump} end`).execute(db);
  } else {
    // Statement-level: an import moves it once per statement, not once per row.
    await sql.raw(`create function farmacia_offers_shelf_changed() returns trigger language plpgsql as $$
      begin ${bump} return null; end $$`).execute(db);
    await sql`create trigger product_offers_shelf after insert or delete or update of on_sale, shop_id, product_id
      on product_offers for each statement execute function farmacia_offers_shelf_changed()`.execute(db);
    await sql`create trigger product_offers_shelf_truncate after truncate on product_offers
      for each statement execute function farmacia_offers_shelf_changed()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'sqlite') {
    for (const trigger of ['product_offers_shelf_insert', 'product_offers_shelf_delete', 'product_offers_shelf_update']) {
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    }
  } else {
    await sql`drop function if exists farmacia_offers_shelf_changed() cascade`.execute(db);
  }
  // One catalogue again: the default shop's (the first) offers are the price and stock of all.
  await sql`update products set
      price_cents = (select o.price_cents from product_offers o where o.product_id = products.id and o.shop_id = (select min(id) from shops)),
      list_price_cents = (select o.list_price_cents from product_offers o where o.product_id = products.id and o.shop_id = (select min(id) from shops)),
      stock = (select o.stock from product_offers o where o.product_id = products.id and o.shop_id = (select min(id) from shops)),
      promo = (select o.promo from product_offers o where o.product_id = products.id and o.shop_id = (select min(id) from shops))
    where exists (select 1 from product_offers o where o.product_id = products.id and o.shop_id = (select min(id) from shops))`.execute(db);
  await db.schema.alterTable('catalogue_search_state').dropColumn('offers_version').execute();
  await db.schema.dropTable('shop_category_totals').execute();
  await db.schema.dropTable('product_offers').execute();
}
