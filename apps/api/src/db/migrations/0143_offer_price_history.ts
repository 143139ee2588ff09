import { type Kysely, sql } from 'kysely';
import { engineOf, index, ownedByShop, ref, required } from '../column.js';

/**
 * Each shop's price history (decision 0701, art. 17-bis Codice del Consumo): every write that
 * changes what an offer sells at — price, list price, promotion and its period, on sale or not —
 * adds the offer's new state, from the instant of the write. A scheduled promotion needs no row
 * of its own when it starts or ends: its period is part of the state. The struck-through price of
 * a promotion is read from it (the contract's `priorPrice`).
 *
 * Nothing was recorded before: today's offers are the history's start, each from its last write
 * (`updated_at`: it has sold at that state since then at least), so a product unchanged for a month
 * can go on promotion on the day of the upgrade, and a promotion running now keeps the struck price
 * it was set with until it ends.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // The id orders two states of one instant. On SQLite the rowid itself, without AUTOINCREMENT's
  // extra table: an import records up to 250,000 rows at once.
  await db.schema
    .createTable('offer_price_history')
    .addColumn('id', engineOf(db) === 'postgres' ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .$call(ownedByShop)
    .$call(ref('product_id', 'products', 'cascade'))
    .addColumn('at', 'text', required)
    .addColumn('price_cents', 'integer', required)
    .addColumn('list_price_cents', 'integer')
    .addColumn('promo', 'integer', required)
    .addColumn('promo_start', 'text')
    .addColumn('promo_end', 'text')
    .addColumn('on_sale', 'integer', required)
    .execute();
  // One offer's states in the order of their instants (the only read), and the product's cascade:
  // one index for both, the fewer pages an import writes.
  await index(db, 'offer_price_history_offer', 'offer_price_history', ['product_id', 'shop_id', 'at']);
  await sql`insert into offer_price_history (shop_id, product_id, at, price_cents, list_price_cents, promo, promo_start, promo_end, on_sale)
    select shop_id, product_id, updated_at, price_cents, list_price_cents, promo, promo_start, promo_end, on_sale
    from product_offers order by shop_id, product_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('offer_price_history').execute();
}
