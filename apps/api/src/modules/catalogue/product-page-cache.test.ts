import { performance } from 'node:perf_hooks';
import { ProductSchema, promotionDay } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { secondInstance, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { buildCatalogueTestApp } from '../../../test/factories/catalogue.js';
import { pipelinedReadsOf } from '../../db/database.js';
import type { CatalogueProductInput } from './catalogue-input.js';
import { productNamed } from './test-catalogue.js';

/**
 * Decision 0585: product pages are answered from memory while the catalogue's pages version
 * (migration 0135) and the promotions' day stay. A write made elsewhere — another API instance,
 * an import, a statement of any module — must show on this instance's next request.
 */
let t: TestApp;
let other: { app: FastifyInstance; close(): Promise<void> };
let product: CatalogueProductInput;
let products: CatalogueProductInput[];

beforeAll(async () => {
  ({ t, products } = await buildCatalogueTestApp());
  other = await secondInstance(t);
  product = productNamed(products, 'TACHIPIRINA 500 MG 20 CPR');
});
afterAll(async () => {
  await other.close();
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

async function page() {
  const res = await t.app.inject({ url: `/api/product/${product.codice_ministeriale}` });
  expect(res.statusCode, res.body).toBe(200);
  return ProductSchema.parse(res.json());
}
const productId = async () =>
  (await other.app.db.selectFrom('products').select('id').where('codice_ministeriale', '=', product.codice_ministeriale).executeTakeFirstOrThrow()).id;

describe(`product pages kept in memory (${testEngine})`, () => {
  it("follows another instance's change of the shop's offer: price, stock, promotion, on sale", async () => {
    expect(await page()).toMatchObject({ prezzo: (product.price_cents as number) / 100, promo: false, in_vendita: true });
    const id = await productId();
    await other.app.db.updateTable('product_offers').set({ price_cents: 1234, stock: 7 }).where('product_id', '=', id).execute();
    expect(await page()).toMatchObject({ prezzo: 12.34, quantita: 7 });
    await other.app.db
      .updateTable('product_offers')
      .set({ promo: 1, list_price_cents: 1500, promo_start: null, promo_end: null })
      .where('product_id', '=', id)
      .execute();
    expect(await page()).toMatchObject({ prezzo: 12.34, prezzo_pieno: 15, promo: true });
    await other.app.db.updateTable('product_offers').set({ on_sale: 0 }).where('product_id', '=', id).execute();
    expect((await page()).in_vendita).toBe(false);
    await other.app.db.deleteFrom('product_offers').where('product_id', '=', id).execute();
    expect(await page()).toMatchObject({ in_vendita: false, prezzo: 0 });
  });

  it("follows another instance's change of the master product and of a category's name", async () => {
    await page();
    await other.app.db.updateTable('products').set({ descrizione: 'Descrizione cambiata altrove' }).where('codice_ministeriale', '=', product.codice_ministeriale).execute();
    expect((await page()).descrizione).toBe('Descrizione cambiata altrove');
    await other.app.db.updateTable('categories').set({ name: 'Febbre e dolore' }).where('slug', '=', 'dolore-e-febbre').execute();
    expect((await page()).categoria2).toBe('Febbre e dolore');
    await other.app.db.deleteFrom('products').where('codice_ministeriale', '=', product.codice_ministeriale).execute();
    expect((await t.app.inject({ url: `/api/product/${product.codice_ministeriale}` })).statusCode).toBe(404);
  });
});

describe(`product pages read for the first time (${testEngine})`, () => {
  it('show a category renamed elsewhere since another page was read (PostgreSQL keeps the names by the categories version)', async () => {
    const read = async (code: string) => {
      const res = await t.app.inject({ url: `/api/product/${code}` });
      expect(res.statusCode, res.body).toBe(200);
      return ProductSchema.parse(res.json());
    };
    const others = products.filter((p) => p.codice_ministeriale !== product.codice_ministeriale && p.categorie?.[0] !== undefined);
    const first = others[0] as CatalogueProductInput;
    const second = others.find((p) => p !== first && p.categorie?.[0] === first.categorie?.[0]) as CatalogueProductInput;
    const before = await read(first.codice_ministeriale);
    expect(before.categoria1).toBe(first.categorie?.[0]);
    await other.app.db
      .updateTable('categories')
      .set({ name: 'Reparto rinominato' })
      .where('level', '=', 1)
      .where('slug', '=', before.categoria1_slug as string)
      .execute();
    expect((await read(second.codice_ministeriale)).categoria1).toBe('Reparto rinominato');
  });
});

describe(`product pages kept in memory, the day (${testEngine})`, () => {
  it('drops a promotion ending today from the page the next day', async () => {
    const code = productNamed(products, 'AULIN 100 MG 30 BUST').codice_ministeriale;
    const id = (await other.app.db.selectFrom('products').select('id').where('codice_ministeriale', '=', code).executeTakeFirstOrThrow()).id;
    await other.app.db
      .updateTable('product_offers')
      .set({ price_cents: 800, list_price_cents: 1000, promo: 1, promo_start: null, promo_end: promotionDay() })
      .where('product_id', '=', id)
      .execute();
    const read = async () => ProductSchema.parse((await t.app.inject({ url: `/api/product/${code}` })).json());
    expect(await read()).toMatchObject({ promo: true, prezzo: 8, prezzo_pieno: 10 });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 86_400_000);
    expect(await read()).toMatchObject({ promo: false, prezzo: 10, prezzo_pieno: null });
  });
});

describe(`product pages kept in memory, the statements (${testEngine})`, () => {
  /** The statements the app's database handle runs while `url` is answered (on PostgreSQL, its pipelined connections' too: decision 0612). */
  async function statementsOf(url: string): Promise<number> {
    const spy = vi.spyOn(t.app.db, 'executeQuery');
    const reads = pipelinedReadsOf(t.app.db);
    const piped = reads ? vi.spyOn(reads, 'query') : undefined;
    try {
      expect((await t.app.inject({ url })).statusCode).toBe(200);
      return spy.mock.calls.length + (piped?.mock.calls.length ?? 0);
    } finally {
      spy.mockRestore();
      piped?.mockRestore();
    }
  }

  it('reads a page not kept with its version in one statement, and a kept one by its version alone', async () => {
    const code = productNamed(products, 'MOMENT 200 MG 12 CPR').codice_ministeriale;
    // The shop's first request checks the shop (kept afterwards): not a product page's statement.
    await statementsOf('/api/product/search?q=moment');
    expect(await statementsOf(`/api/product/${code}`)).toBe(1);
    // On SQLite the version is looked at once per pass of the loop's poll (decision 0677): a new pass
    // looks, its other kept pages run no statement.
    const nextPoll = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
    for (let i = 0; i < 2; i++) {
      await nextPoll();
      const pass = performance.nodeTiming.uvMetricsInfo.loopCount;
      expect(await statementsOf(`/api/product/${code}`)).toBe(1);
      expect(await statementsOf(`/api/product/${code}`)).toBe(testEngine === 'sqlite' ? 0 : 1);
      // PostgreSQL's statements are I/O: its loop polls meanwhile.
      if (testEngine === 'sqlite') expect(performance.nodeTiming.uvMetricsInfo.loopCount).toBe(pass);
    }
  });
});
