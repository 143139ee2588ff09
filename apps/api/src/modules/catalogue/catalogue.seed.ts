import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createCategoryTree, writeProducts } from './catalogue-writer.js';
import { listShopIds, refreshShopCategoryTotals } from './catalogue.repository.js';
import { recordShopStates } from './offer-price-history.js';
import { DEMO_CATEGORY_TREE, generateCatalogue } from './demo-catalogue.js';

/**
 * The demo pharmacy's catalogue: the category tree and `DEMO_CATALOGUE_SIZE` generated products
 * (3,000 by default; real brands first, about 5% on promotion, prescription medicines flagged),
 * offered by every demo shop. The second shop's shelf then differs visibly (issue 18), so that
 * switching pharmacy shows it: see {@link differSecondShop}.
 */
export async function seedCatalogue(app: FastifyInstance, size = app.config.demoCatalogueSize): Promise<void> {
  await createCategoryTree(app.db, DEMO_CATEGORY_TREE);
  await writeProducts(app.db, generateCatalogue(size));
  // The demo's prices have been the shops' for two months: a pharmacist trying the back office can
  // start a promotion at once, struck through at the law's price (decision 0701).
  const listedAt = new Date(Date.now() - DEMO_PRICES_DAYS * 86_400_000).toISOString();
  await app.db.updateTable('offer_price_history').set({ at: listedAt }).execute();
  const [, second] = await listShopIds(app.db);
  if (second !== undefined) await differSecondShop(app, second, listedAt);
}

const DEMO_PRICES_DAYS = 60;

/**
 * The second demo shop, by popularity rank: every 5th product costs 10% more, every 6th is out of
 * stock, every 7th (from the 3rd) is not sold there at all.
 */
async function differSecondShop(app: FastifyInstance, shopId: number, listedAt: string): Promise<void> {
  const ranked = (remainder: number, modulo: number) =>
    sql<boolean>`product_id in (select id from products where ${sql.ref('rank')} % ${modulo} = ${remainder})`;
  await app.db
    .updateTable('product_offers')
    .set({ price_cents: sql`price_cents + (price_cents / 10)`, list_price_cents: sql`list_price_cents + (list_price_cents / 10)` })
    .where('shop_id', '=', shopId)
    .where(ranked(0, 5))
    .execute();
  await app.db.updateTable('product_offers').set({ stock: 0 }).where('shop_id', '=', shopId).where(ranked(1, 6)).execute();
  await app.db.updateTable('product_offers').set({ on_sale: 0 }).where('shop_id', '=', shopId).where(ranked(3, 7)).execute();
  // The shop's prices moved around the writer: its history follows (decision 0701).
  await recordShopStates(app.db, shopId, listedAt);
  await refreshShopCategoryTotals(app.db, [shopId]);
}
