import { minsanCheckDigit, SearchByCategoryResponseSchema, SearchResponseSchema } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, secondInstance, type TestApp, testEngine } from '../../test/build-test-app.js';
import { createShop } from '../../test/factories/users.js';
import * as m0133 from '../db/migrations/0133_shop_shelves.js';
import * as m0138 from '../db/migrations/0138_stored_shelves.js';
import { importCatalogue } from '../modules/catalogue/catalogue-import.service.js';
import type { CatalogueProductInput } from '../modules/catalogue/catalogue-input.js';
import { writeProducts } from '../modules/catalogue/catalogue-writer.js';

/**
 * Issue 18 "Scale" (migration 0133, decision 0548): each instance holds each shop's shelf in
 * memory; a change of one shop's shelf made anywhere shows on every instance's next search, and
 * only that shop's shelf version moves — a price or stock change moves none.
 */

const aic = (first8: string) => `${first8}${minsanCheckDigit(first8)}`;
const BOTH = aic('61900001');
const ONLY_A = aic('61900002');
const product = (code: string, name: string, price_cents: number, extra: Partial<CatalogueProductInput> = {}): CatalogueProductInput => ({
  codice_ministeriale: code,
  nome_prodotto: name,
  price_cents,
  stock: 4,
  ...extra,
});

describe(`each shop's shelf across instances (${testEngine})`, () => {
  let t: TestApp;
  let other: { app: FastifyInstance; close(): Promise<void> };
  let shopA: number;
  let shopB: number;

  const search = async (app: FastifyInstance, shopId: number) => {
    const res = await app.inject({ url: `/api/product/search?q=scaffalex&shop_id=${shopId}` });
    expect(res.statusCode, res.body).toBe(200);
    return SearchResponseSchema.parse(res.json()).responses[0]?.hits.hits.map((h) => `${h._id} ${h._source.prezzo}`);
  };
  const versions = async () =>
    Object.fromEntries(
      (await t.app.db.selectFrom('shop_shelves').select(['shop_id', 'version']).execute()).map((r) => [r.shop_id, Number(r.version)]),
    );

  beforeAll(async () => {
    t = await buildTestApp();
    shopA = await createShop(t.app, 'Farmacia A');
    shopB = await createShop(t.app, 'Farmacia B');
    await writeProducts(t.app.db, [product(BOTH, 'SCAFFALEX 10 CPR', 1000), product(ONLY_A, 'SCAFFALEX GEL', 1200)], { shopIds: [shopA] });
    await writeProducts(t.app.db, [product(BOTH, 'SCAFFALEX 10 CPR', 900)], { shopIds: [shopB] });
    other = await secondInstance(t);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it("shows a shop's new offer, its price change and its product taken off sale on the other instance's next search", async () => {
    // Both instances hold both shelves.
    for (const app of [t.app, other.app]) {
      expect(await search(app, shopA)).toEqual([`${BOTH} 10`, `${ONLY_A} 12`]);
      expect(await search(app, shopB)).toEqual([`${BOTH} 9`]);
    }
    await writeProducts(t.app.db, [product(ONLY_A, 'SCAFFALEX GEL', 1100)], { shopIds: [shopB] });
    expect(await search(other.app, shopB)).toEqual([`${BOTH} 9`, `${ONLY_A} 11`]);
    await writeProducts(t.app.db, [product(BOTH, 'SCAFFALEX 10 CPR', 850, { stock: 0 })], { shopIds: [shopB] });
    expect(await search(other.app, shopB)).toEqual([`${BOTH} 8.5`, `${ONLY_A} 11`]);
    await writeProducts(t.app.db, [product(ONLY_A, 'SCAFFALEX GEL', 1100, { on_sale: false })], { shopIds: [shopB] });
    expect(await search(other.app, shopB)).toEqual([`${BOTH} 8.5`]);
    // Shop A's shelf was not touched.
    expect(await search(other.app, shopA)).toEqual([`${BOTH} 10`, `${ONLY_A} 12`]);
  });

  it("finds a part of a name on each shop's shelf only, the same text asked in both shops", async () => {
    const part = async (shopId: number) => {
      const res = await other.app.inject({ url: `/api/product/search?q=ffalex&shop_id=${shopId}` });
      expect(res.statusCode, res.body).toBe(200);
      return SearchResponseSchema.parse(res.json()).responses[0]?.hits.hits.map((h) => h._id);
    };
    // Shop B has taken SCAFFALEX GEL off sale (above); what one shop found is not another's answer.
    expect(await part(shopA)).toEqual([BOTH, ONLY_A]);
    expect(await part(shopB)).toEqual([BOTH]);
    expect(await part(shopA)).toEqual([BOTH, ONLY_A]);
  });

  it("finds a code's first digits on each shop's shelf only, with that shop's total, page and prices", async () => {
    const byCode = async (shopId: number, extra = '') => {
      const res = await other.app.inject({ url: `/api/product/search?q=619000&shop_id=${shopId}${extra}` });
      expect(res.statusCode, res.body).toBe(200);
      const hits = SearchResponseSchema.parse(res.json()).responses[0]?.hits;
      return { total: hits?.total, hits: hits?.hits.map((h) => `${h._id} ${h._source.prezzo}`) };
    };
    expect(await byCode(shopA)).toEqual({ total: 2, hits: [`${BOTH} 10`, `${ONLY_A} 12`] });
    expect(await byCode(shopB)).toEqual({ total: 1, hits: [`${BOTH} 8.5`] });
    // The second page of one: the total stays the shop's.
    expect(await byCode(shopA, '&rpp=1&p=2')).toEqual({ total: 2, hits: [`${ONLY_A} 12`] });
  });

  it("moves only that shop's shelf version when an offer goes on or off its shelf; a price or stock change moves none", async () => {
    const before = await versions();
    await writeProducts(t.app.db, [product(BOTH, 'SCAFFALEX 10 CPR', 870, { stock: 7 })], { shopIds: [shopB] });
    expect(await versions()).toEqual(before);
    await writeProducts(t.app.db, [product(ONLY_A, 'SCAFFALEX GEL', 1100, { on_sale: true })], { shopIds: [shopB] });
    const after = await versions();
    expect(after[shopB]).toBeGreaterThan(before[shopB] ?? 0);
    expect(after[shopA]).toBe(before[shopA]);
    await t.app.db.deleteFrom('product_offers').where('shop_id', '=', shopA).execute();
    expect((await versions())[shopA]).toBeGreaterThan(after[shopA] ?? 0);
    expect((await versions())[shopB]).toBe(after[shopB]);
  });

  it("lists a category's products on each shop's shelf, and follows a product moved to another category on the other instance", async () => {
    const page = async (app: FastifyInstance, shopId: number, slugs: string) => {
      const res = await app.inject({ url: `/api/product/searchByCategory?${slugs}&rpp=10&shop_id=${shopId}` });
      expect(res.statusCode, res.body).toBe(200);
      return SearchByCategoryResponseSchema.parse(res.json()).hits.hits.map((h) => h._id);
    };
    await writeProducts(t.app.db, [product(BOTH, 'SCAFFALEX 10 CPR', 1000, { categorie: ['Scaffale', 'Primo'] })], { shopIds: [shopA] });
    await writeProducts(t.app.db, [product(ONLY_A, 'SCAFFALEX GEL', 1200, { categorie: ['Scaffale', 'Primo'] })], { shopIds: [shopA] });
    expect(await page(other.app, shopA, 'slug1=scaffale&slug2=primo')).toEqual([BOTH, ONLY_A]);
    await writeProducts(t.app.db, [product(ONLY_A, 'SCAFFALEX GEL', 1100, { on_sale: false })], { shopIds: [shopB] });
    expect(await page(other.app, shopB, 'slug1=scaffale&slug2=primo')).toEqual([BOTH]);
    expect(await page(other.app, shopA, 'slug1=scaffale')).toEqual([BOTH, ONLY_A]);
    // The totals the page shows are each shop's, read with the page (PostgreSQL: in its statement).
    const totals = async (shopId: number) => {
      const res = await other.app.inject({ url: `/api/product/searchByCategory?slug1=scaffale&slug2=primo&rpp=1&shop_id=${shopId}` });
      const body = SearchByCategoryResponseSchema.parse(res.json());
      return [body.hits.total, body.totPages, body.category.tot_prodotti];
    };
    expect(await totals(shopA)).toEqual([2, 2, 2]);
    expect(await totals(shopB)).toEqual([1, 1, 1]);
    await writeProducts(t.app.db, [product(ONLY_A, 'SCAFFALEX GEL', 1200, { categorie: ['Scaffale', 'Secondo'] })], { shopIds: [shopA] });
    expect(await page(other.app, shopA, 'slug1=scaffale&slug2=primo')).toEqual([BOTH]);
    expect(await page(other.app, shopA, 'slug1=scaffale&slug2=secondo')).toEqual([ONLY_A]);
    expect(await page(other.app, shopA, 'slug1=scaffale')).toEqual([BOTH, ONLY_A]);
  });

  /** PostgreSQL (migration 0138): each shop's stored shelf, as the count of its products, null when not stored. */
  const stored = async () =>
    Object.fromEntries(
      (await sql<{ shop_id: number; n: number | null }>`select shop_id, bit_count(ids)::int as n from shop_shelves`.execute(t.app.db)).rows.map((r) => [
        r.shop_id,
        r.n,
      ]),
    );
  /** A search of an instance started now: it holds no shelf, so it reads the shop's from the database. */
  const fresh = async (shopId: number) => {
    const started = await secondInstance(t);
    try {
      return await search(started.app, shopId);
    } finally {
      await started.close();
    }
  };

  it.runIf(testEngine === 'postgres')(
    "stores a shop's shelf at its first read, and every instance's next first read takes it from there",
    async () => {
      await writeProducts(t.app.db, [product(ONLY_A, 'SCAFFALEX GEL', 1100, { on_sale: true })], { shopIds: [shopB] });
      await t.app.db.deleteFrom('shop_shelves').execute();
      expect(await search(other.app, shopB)).toEqual([`${BOTH} 8.7`, `${ONLY_A} 11`]);
      expect(await stored()).toEqual({ [shopB]: 2 });
      // A bit per product id, in PostgreSQL's own bit order.
      const bits = await sql<{ bit: number }>`select get_bit(v.ids, p.id) as bit from shop_shelves v, products p
        where v.shop_id = ${shopB} and p.codice_ministeriale in (${BOTH}, ${ONLY_A})`.execute(t.app.db);
      expect(bits.rows).toEqual([{ bit: 1 }, { bit: 1 }]);
      // What a new instance serves is the stored row: emptied by hand, the shop sells nothing.
      await sql`update shop_shelves set ids = ''::bytea where shop_id = ${shopB}`.execute(t.app.db);
      expect(await fresh(shopB)).toEqual([]);
      await sql`update shop_shelves set ids = null where shop_id = ${shopB}`.execute(t.app.db);
      expect(await fresh(shopB)).toEqual([`${BOTH} 8.7`, `${ONLY_A} 11`]);
    },
  );

  it.runIf(testEngine === 'postgres')(
    "drops a shop's stored shelf when an offer goes on or off it, not for a price or stock change",
    async () => {
      // The bitmap the previous test's last read stored, read back by a new instance.
      expect(await fresh(shopB)).toEqual([`${BOTH} 8.7`, `${ONLY_A} 11`]);
      expect((await stored())[shopB]).toBe(2);
      await writeProducts(t.app.db, [product(BOTH, 'SCAFFALEX 10 CPR', 880, { stock: 3 })], { shopIds: [shopB] });
      expect((await stored())[shopB]).toBe(2);
      expect(await search(other.app, shopB)).toEqual([`${BOTH} 8.8`, `${ONLY_A} 11`]);
      await writeProducts(t.app.db, [product(ONLY_A, 'SCAFFALEX GEL', 1100, { on_sale: false })], { shopIds: [shopB] });
      expect((await stored())[shopB]).toBeNull();
      // The instance holding the old shelf and one that never held it both read the new one.
      expect(await search(other.app, shopB)).toEqual([`${BOTH} 8.8`]);
      expect(await fresh(shopB)).toEqual([`${BOTH} 8.8`]);
      expect((await stored())[shopB]).toBe(1);
      await writeProducts(t.app.db, [product(ONLY_A, 'SCAFFALEX GEL', 1100, { on_sale: true })], { shopIds: [shopB] });
      expect(await fresh(shopB)).toEqual([`${BOTH} 8.8`, `${ONLY_A} 11`]);
      expect(await search(other.app, shopB)).toEqual([`${BOTH} 8.8`, `${ONLY_A} 11`]);
      // A pharmacist's price list with a product new to the shop: the stored shelf follows it too.
      const added = aic('61900003');
      await importCatalogue(t.app.db, Buffer.from(`codice_ministeriale;nome_prodotto;prezzo\r\n${added};SCAFFALEX SPRAY;5,00\r\n`), { shopId: shopB });
      expect((await stored())[shopB]).toBeNull();
      expect(await fresh(shopB)).toEqual([`${BOTH} 8.8`, `${ONLY_A} 11`, `${added} 5`]);
      expect((await stored())[shopB]).toBe(3);
    },
  );

  it('migrations 0133 and 0138 go down and up again; the shelves follow the offers after them', async () => {
    await m0138.down(t.app.db);
    await m0133.down(t.app.db);
    await m0133.up(t.app.db);
    await m0138.up(t.app.db);
    expect(await versions()).toEqual({});
    expect(await search(other.app, shopA)).toEqual([`${BOTH} 10`, `${ONLY_A} 12`]);
    await writeProducts(t.app.db, [product(ONLY_A, 'SCAFFALEX GEL', 1200, { on_sale: false })], { shopIds: [shopA] });
    expect(await search(other.app, shopA)).toEqual([`${BOTH} 10`]);
    expect((await versions())[shopA]).toBeGreaterThan(0);
  });

  it('answers 404 for a shop that does not exist yet, and serves it as soon as it does (a found shop is kept, a missing one never)', async () => {
    const id = 900_001;
    const urls = [`/api/product/search?q=scaffalex&shop_id=${id}`, `/api/product/category?shop_id=${id}`, `/api/product/${BOTH}?shop_id=${id}`];
    for (const url of urls) expect((await other.app.inject({ url })).statusCode, url).toBe(404);
    await t.app.db.insertInto('shops').values({ id, name: 'Farmacia Nuova', created_at: new Date().toISOString() }).execute();
    for (const url of urls) expect((await other.app.inject({ url })).statusCode, url).toBe(200);
  });
});
