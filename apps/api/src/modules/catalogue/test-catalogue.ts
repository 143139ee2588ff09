import { nowIso } from '../../db/column.js';
import type { CatalogueProductInput } from './catalogue-input.js';
import { createCategoryTree, writeProducts } from './catalogue-writer.js';
import { DEMO_CATEGORY_TREE, generateCatalogue } from './demo-catalogue.js';
import type { ServiceContext } from '../../context.js';

/** Size of the catalogue the tests search: every hand-written real brand plus a long tail. */
export const TEST_CATALOGUE_SIZE = 500;

/**
 * Seeds the demo category tree and a generated catalogue; returns the products as written. The
 * products are offered by every shop there is (issue 18), so a shop is made first when there is
 * none, as the test factories' `ensureShop` would.
 */
export async function seedTestCatalogue(ctx: ServiceContext, size = TEST_CATALOGUE_SIZE): Promise<CatalogueProductInput[]> {
  const shop = await ctx.db.selectFrom('shops').select('id').limit(1).executeTakeFirst();
  if (!shop) await ctx.db.insertInto('shops').values({ name: 'Farmacia di Prova', created_at: nowIso() }).execute();
  const products = generateCatalogue(size);
  await createCategoryTree(ctx.db, DEMO_CATEGORY_TREE);
  await writeProducts(ctx.db, products);
  return products;
}

/** A generated product by exact name (throws when the generator no longer makes it). */
export function productNamed(products: readonly CatalogueProductInput[], name: string): CatalogueProductInput {
  const product = products.find((p) => p.nome_prodotto === name);
  if (!product) throw new Error(`the test catalogue has no '${name}'`);
  return product;
}
