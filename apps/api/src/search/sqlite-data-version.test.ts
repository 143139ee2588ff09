import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testEngine } from '../../test/build-test-app.js';
import { buildCatalogueTestApp } from '../../test/factories/catalogue.js';
import { openDatabase } from '../db/database.js';
import type { ProductRecord } from '../modules/catalogue/index.js';
import { jsonArrayBody } from '../modules/catalogue/catalogue.service.js';
import { SqliteFts5Search } from './sqlite-fts5.js';

/**
 * The SQLite search looks at `pragma data_version` once per pass of the event loop's poll, not
 * once per search (decision 0613): every write must still show where it did before — this
 * process's at the very next search, inside one pass too, and another process's from the next
 * poll on. Each case runs its searches without I/O in between, so they share one pass (checked).
 */
describe.skipIf(testEngine !== 'sqlite')('the SQLite search sees every commit (sqlite)', () => {
  let t: TestApp;
  let search: SqliteFts5Search;
  let shopId: number;
  let code: string;

  beforeAll(async () => {
    let products: { codice_ministeriale: string }[];
    ({ t, products } = await buildCatalogueTestApp());
    code = (products[0] as { codice_ministeriale: string }).codice_ministeriale;
    search = SqliteFts5Search.open(t.config.databaseUrl, t.app.db);
    shopId = (await t.app.db.selectFrom('shops').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id;
    // The first searches load the index and then take the database's data version as seen.
    await price();
    await price();
  });
  afterAll(async () => {
    await search.close();
    await t.close();
  });

  const productId = async () =>
    (await t.app.db.selectFrom('products').select('id').where('codice_ministeriale', '=', code).executeTakeFirstOrThrow()).id;
  /** Hits as the search route has them: kept rendered until the adapter sees a commit. */
  const renderHit = (record: ProductRecord) => JSON.stringify(record);
  /** The price the search shows for the product. */
  const price = async () => {
    const { renderedHits } = await search.search({ shopId, text: code, offset: 0, limit: 1, renderHit });
    // As the search route writes them.
    return (JSON.parse(jsonArrayBody('[', renderedHits ?? [], ']').toString()) as Partial<ProductRecord>[])[0]?.price_cents;
  };
  const loopPass = () => performance.nodeTiming.uvMetricsInfo.loopCount;
  /** Until the loop has polled again (the second immediate runs in the next pass's check phase). */
  const nextPoll = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

  it("shows this process's write at the next search, in the same pass of the loop", async () => {
    const id = await productId();
    const pass = loopPass();
    const before = await price();
    await t.app.db.updateTable('product_offers').set({ price_cents: 4321 }).where('product_id', '=', id).where('shop_id', '=', shopId).execute();
    expect(await price()).toBe(4321);
    expect(before).not.toBe(4321);
    expect(loopPass()).toBe(pass);
  });

  it("shows another of this process's connections' write, made before it closes, in the same pass", async () => {
    const id = await productId();
    const other = openDatabase('sqlite', t.config.databaseUrl);
    try {
      await price();
      const pass = loopPass();
      await other.db.updateTable('product_offers').set({ price_cents: 1234 }).where('product_id', '=', id).where('shop_id', '=', shopId).execute();
      expect(await price()).toBe(1234);
      // Once more: the look that found the commit read it afresh, this one finds nothing new.
      expect(await price()).toBe(1234);
      await other.db.updateTable('product_offers').set({ price_cents: 2345 }).where('product_id', '=', id).where('shop_id', '=', shopId).execute();
      await other.close();
      expect(await price()).toBe(2345);
      expect(loopPass()).toBe(pass);
    } finally {
      await other.close().catch(() => {});
    }
  });

  it('shows a transaction of this process once it commits, in the same pass', async () => {
    const id = await productId();
    await price();
    const pass = loopPass();
    await t.app.db.transaction().execute(async (trx) => {
      await trx.updateTable('product_offers').set({ price_cents: 5555 }).where('product_id', '=', id).where('shop_id', '=', shopId).execute();
      // Not committed yet: the search's own connection still reads the old price.
      expect(await price()).not.toBe(5555);
    });
    expect(await price()).toBe(5555);
    expect(loopPass()).toBe(pass);
  });

  it("shows another process's commit from the loop's next poll on", async () => {
    const id = await productId();
    // A connection this process's database module did not open stands for another process.
    const elsewhere = new SQLite(t.config.databaseUrl);
    try {
      await price();
      elsewhere.prepare('update product_offers set price_cents = 777 where product_id = ? and shop_id = ?').run(id, shopId);
      const pass = loopPass();
      await nextPoll();
      expect(loopPass()).toBeGreaterThan(pass);
      expect(await price()).toBe(777);
    } finally {
      elsewhere.close();
    }
  });
});
