import { performance } from 'node:perf_hooks';
import { ProductSchema } from '@farmacia/contract';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testEngine } from '../../../test/build-test-app.js';
import { buildCatalogueTestApp } from '../../../test/factories/catalogue.js';
import { openDatabase } from '../../db/database.js';
import type { CatalogueProductInput } from './catalogue-input.js';
import { productNamed } from './test-catalogue.js';

/**
 * On SQLite a kept product page's version is looked at once per pass of the event loop's poll
 * (decision 0677, 0613's rule): this process's writes still show at the very next page, inside one
 * pass too; another process's commit from the next poll on — and, within the pass it was made in,
 * not yet: the pass's pages share one look. Each case runs its requests without I/O in between, so
 * they share one pass (checked).
 */
describe.skipIf(testEngine !== 'sqlite')('a kept product page looks at its version once per poll (sqlite)', () => {
  let t: TestApp;
  let product: CatalogueProductInput;
  let productId: number;

  beforeAll(async () => {
    let products: CatalogueProductInput[];
    ({ t, products } = await buildCatalogueTestApp());
    product = productNamed(products, 'TACHIPIRINA 500 MG 20 CPR');
    productId = (await t.app.db.selectFrom('products').select('id').where('codice_ministeriale', '=', product.codice_ministeriale).executeTakeFirstOrThrow()).id;
    // Read once: the page is kept from here on.
    await price();
  });
  afterAll(() => t.close());

  /** The price the product page shows. */
  async function price() {
    const res = await t.app.inject({ url: `/api/product/${product.codice_ministeriale}` });
    expect(res.statusCode, res.body).toBe(200);
    return ProductSchema.parse(res.json()).prezzo;
  }
  const setPrice = (cents: number) => t.app.db.updateTable('product_offers').set({ price_cents: cents }).where('product_id', '=', productId).execute();
  const loopPass = () => performance.nodeTiming.uvMetricsInfo.loopCount;
  /** Until the loop has polled again (the second immediate runs in the next pass's check phase). */
  const nextPoll = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

  it("shows this process's write at the next page, in the same pass of the loop", async () => {
    await price();
    const pass = loopPass();
    await setPrice(4321);
    expect(await price()).toBe(43.21);
    await setPrice(4322);
    expect(await price()).toBe(43.22);
    expect(loopPass()).toBe(pass);
  });

  it("shows another of this process's connections' write, also one made just before it closes, in the same pass", async () => {
    const other = openDatabase('sqlite', t.config.databaseUrl);
    try {
      await price();
      const pass = loopPass();
      await other.db.updateTable('product_offers').set({ price_cents: 1234 }).where('product_id', '=', productId).execute();
      expect(await price()).toBe(12.34);
      await other.db.updateTable('product_offers').set({ price_cents: 2345 }).where('product_id', '=', productId).execute();
      await other.close();
      expect(await price()).toBe(23.45);
      expect(loopPass()).toBe(pass);
    } finally {
      await other.close().catch(() => {});
    }
  });

  it('shows a transaction of this process once it commits, in the same pass', async () => {
    await price();
    const pass = loopPass();
    await t.app.db.transaction().execute(async (trx) => {
      await trx.updateTable('product_offers').set({ price_cents: 5555 }).where('product_id', '=', productId).execute();
    });
    expect(await price()).toBe(55.55);
    await setPrice(5556);
    expect(await price()).toBe(55.56);
    expect(loopPass()).toBe(pass);
  });

  it("shows another process's commit from the loop's next poll on, not inside the pass that looked", async () => {
    // A connection this process's database module did not open stands for another process.
    const elsewhere = new SQLite(t.config.databaseUrl);
    try {
      await setPrice(700);
      expect(await price()).toBe(7);
      const pass = loopPass();
      elsewhere.prepare('update product_offers set price_cents = 777 where product_id = ?').run(productId);
      // The pass's look is answered again: the commit came after it.
      expect(await price()).toBe(7);
      expect(loopPass()).toBe(pass);
      await nextPoll();
      expect(loopPass()).toBeGreaterThan(pass);
      expect(await price()).toBe(7.77);
    } finally {
      elsewhere.close();
    }
  });
});
