import { type Kysely, sql } from 'kysely';

/**
 * A promotion's period is per shop (issue 18 over decision 0530): each shop runs its own
 * promotions, so `promo_start`/`promo_end` join the promotion flag on `product_offers`. Every
 * offer starts with its product's period. `products.promo_start`/`promo_end` stay, like the
 * master's price and promo (migration 0130): the values the product was first listed with,
 * read by no customer path.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('product_offers').addColumn('promo_start', 'text').execute();
  await db.schema.alterTable('product_offers').addColumn('promo_end', 'text').execute();
  await sql`update product_offers set
      promo_start = (select p.promo_start from products p where p.id = product_offers.product_id),
      promo_end = (select p.promo_end from products p where p.id = product_offers.product_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // One period again: the default shop's (the first), as 0130's reverse does for the price.
  await sql`update products set
      promo_start = (select o.promo_start from product_offers o where o.product_id = products.id and o.shop_id = (select min(id) from shops)),
      promo_end = (select o.promo_end from product_offers o where o.product_id = products.id and o.shop_id = (select min(id) from shops))
    where exists (select 1 from product_offers o where o.product_id = products.id and o.shop_id = (select min(id) from shops))`.execute(db);
  await db.schema.alterTable('product_offers').dropColumn('promo_end').execute();
  await db.schema.alterTable('product_offers').dropColumn('promo_start').execute();
}
