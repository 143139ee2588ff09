import type { FastifyInstance } from 'fastify';
import { createCategoryTree, writeProducts } from './catalogue-writer.js';
import { DEMO_CATEGORY_TREE, generateCatalogue } from './demo-catalogue.js';

/**
 * The demo pharmacy's catalogue: the category tree and `DEMO_CATALOGUE_SIZE` generated products
 * (3,000 by default; real brands first, about 5% on promotion, prescription medicines flagged).
 */
export async function seedCatalogue(app: FastifyInstance, size = app.config.demoCatalogueSize): Promise<void> {
  await createCategoryTree(app.db, DEMO_CATEGORY_TREE);
  await writeProducts(app.db, generateCatalogue(size));
}
