import { ProductSchema } from '@farmacia/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, testEngine } from '../../../test/build-test-app.js';
import { buildCatalogueTestApp } from '../../../test/factories/catalogue.js';
import { pipelinedReadsOf } from '../../db/database.js';
import { localWrites } from '../../db/local-writes.js';
import type { CatalogueProductInput } from './catalogue-input.js';
import { productNamed } from './test-catalogue.js';

/**
 * On PostgreSQL too a kept product page's version is looked at once per pass of the event loop's poll (decision
 * 0683, 0677's rule): the pass's pages share one look, sent after its poll returned; this process's writes are
 * counted once the server answered them (`localWrites`), so a look made before one is not used after it; another
 * process's commit shows at its next page.
 */
describe.skipIf(testEngine !== 'postgres')('a kept product page looks at its version once per poll (postgres)', () => {
  let t: TestApp;
  let product: CatalogueProductInput;
  let productId: number;

  beforeAll(async () => {
    let products: CatalogueProductInput[];
    ({ t, products } = await buildCatalogueTestApp());
    product = productNamed(products, 'TACHIPIRINA 500 MG 20 CPR');
    productId = (await t.app.db.selectFrom('products').select('id').where('codice_ministeriale', '=', product.codice_ministeriale).executeTakeFirstOrThrow()).id;
    await price();
  });
  afterAll(() => t.close());

  async function price() {
    const res = await t.app.inject({ url: `/api/product/${product.codice_ministeriale}` });
    expect(res.statusCode, res.body).toBe(200);
    return ProductSchema.parse(res.json()).prezzo;
  }

  it('looks once for the kept pages asked in one pass', async () => {
    await price();
    const spy = vi.spyOn(t.app.db, 'executeQuery');
    const reads = pipelinedReadsOf(t.app.db);
    const piped = reads ? vi.spyOn(reads, 'query') : undefined;
    try {
      const prices = await Promise.all(Array.from({ length: 5 }, () => price()));
      expect(new Set(prices).size).toBe(1);
      expect(spy.mock.calls.length + (piped?.mock.calls.length ?? 0)).toBe(1);
    } finally {
      spy.mockRestore();
      piped?.mockRestore();
    }
  });

  it("counts this process's writes and commits once answered, not its reads", async () => {
    let before = localWrites();
    await t.app.db.selectFrom('product_offers').select('price_cents').where('product_id', '=', productId).execute();
    expect(localWrites()).toBe(before);
    const write = t.app.db.updateTable('product_offers').set({ price_cents: 4321 }).where('product_id', '=', productId).execute();
    // Not yet: the write is not committed until the server says so.
    expect(localWrites()).toBe(before);
    await write;
    expect(localWrites()).not.toBe(before);
    before = localWrites();
    await t.app.db.transaction().execute(async (trx) => {
      await trx.updateTable('product_offers').set({ price_cents: 4322 }).where('product_id', '=', productId).execute();
    });
    expect(localWrites()).not.toBe(before);
    // Both pages show at once: a look made after the pass's write, or a new pass's.
    expect(await price()).toBe(43.22);
  });

  it("shows another process's commit at the next page", async () => {
    // A connection of its own, not the app's: its writes are not counted here, as another instance's are not.
    const elsewhere = new pg.Client({ connectionString: t.config.databaseUrl });
    await elsewhere.connect();
    try {
      expect(await price()).toBe(43.22);
      await elsewhere.query('update product_offers set price_cents = 777 where product_id = $1', [productId]);
      expect(await price()).toBe(7.77);
    } finally {
      await elsewhere.end();
    }
  });
});
