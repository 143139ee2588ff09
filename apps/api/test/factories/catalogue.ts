import type { CatalogueProductInput } from '../../src/modules/catalogue/catalogue-input.js';
import { seedTestCatalogue } from '../../src/modules/catalogue/test-catalogue.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';

/** An app on a fresh database holding the 500-product test catalogue, and those products. */
export async function buildCatalogueTestApp(): Promise<{ t: TestApp; products: CatalogueProductInput[] }> {
  const t = await buildTestApp();
  return { t, products: await seedTestCatalogue(t.app) };
}
