import { minsanCheckDigit, PromotionsResponseSchema, SearchByCategoryResponseSchema, SearchResponseSchema } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, secondInstance, type TestApp, testEngine } from '../../test/build-test-app.js';
import { createShop } from '../../test/factories/users.js';
import type { CatalogueProductInput } from '../modules/catalogue/catalogue-input.js';
import { writeProducts } from '../modules/catalogue/catalogue-writer.js';

/**
 * Decision 0675: on PostgreSQL an instance keeps the master's columns of the hits it listed and
 * reads only the shop's offers, by key, for the next pages. An offer written elsewhere (a price, a
 * stock) shows on the next page without reading the masters again; a master written elsewhere (a
 * renamed product) shows on the next page too. On SQLite the same answers, read as they always were.
 */

const aic = (first8: string) => `${first8}${minsanCheckDigit(first8)}`;
const CODES = ['61960001', '61960002', '61960003'].map(aic);
const product = (code: string, i: number, extra: Partial<CatalogueProductInput> = {}): CatalogueProductInput => ({
  codice_ministeriale: code,
  nome_prodotto: `TENUTEX ${i + 1} CPR`,
  price_cents: 700 + i,
  list_price_cents: 1000,
  promo: true,
  stock: 5,
  categorie: ['Tenuti', 'Primi'],
  ...extra,
});

describe(`masters kept across instances (${testEngine})`, () => {
  let t: TestApp;
  let other: { app: FastifyInstance; close(): Promise<void> };
  let shop: number;

  const get = async (url: string) => {
    const res = await other.app.inject({ url: `${url}&shop_id=${shop}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** Each page's hits as `code name price stock` (and `Rx` for a prescription-only one), on the other instance. */
  const pages = async () => {
    const category = SearchByCategoryResponseSchema.parse(await get('/api/product/searchByCategory?slug1=tenuti&slug2=primi&rpp=10'));
    const promotions = PromotionsResponseSchema.parse(await get('/api/product/promotions?rpp=10'));
    const search = SearchResponseSchema.parse(await get('/api/product/search?q=tenutex&rpp=10'));
    return {
      category: category.hits.hits.map((h) => hitText(h._id, h._source)).sort(),
      promotions: promotions.result.map((p) => hitText(p.codice_ministeriale, p)).sort(),
      search: (search.responses[0]?.hits.hits ?? []).map((h) => hitText(h._id, h._source)).sort(),
    };
  };
  const hitText = (code: string, p: { nome_prodotto: string; prezzo: number; quantita: number; prescription_only: boolean }) =>
    `${code} ${p.nome_prodotto} ${p.prezzo} ${p.quantita}${p.prescription_only ? ' Rx' : ''}`;
  const everywhere = (hits: string[]) => ({ category: hits, promotions: hits, search: hits });
  /** The page statements the other instance sends for the three pages (the search adapter's named ones). */
  const pageStatements = async () => {
    const spy = vi.spyOn(pg.Client.prototype, 'query');
    try {
      await pages();
      return spy.mock.calls
        .map(([config]) => (config as { name?: string })?.name ?? '')
        .filter((name) => /^farmacia_(category_page|promotions_page|search_hits|search_page)$/.test(name));
    } finally {
      spy.mockRestore();
    }
  };
  /** An offer's own write, as a back-office price or stock edit makes it: the master is not touched. */
  const setOffer = async (code: string, values: { price_cents?: number; stock?: number }) => {
    await t.app.db
      .updateTable('product_offers')
      .set(values)
      .where('shop_id', '=', shop)
      .where('product_id', '=', t.app.db.selectFrom('products').select('id').where('codice_ministeriale', '=', code))
      .execute();
  };

  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createShop(t.app, 'Farmacia Tenuta');
    await writeProducts(t.app.db, CODES.map((c, i) => product(c, i)), { shopIds: [shop] });
    other = await secondInstance(t);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('shows a price and a stock written elsewhere on the next pages, a product renamed and a product made prescription-only', async () => {
    const [a, b, c] = CODES as [string, string, string];
    expect(await pages()).toEqual(everywhere([`${a} TENUTEX 1 CPR 7 5`, `${b} TENUTEX 2 CPR 7.01 5`, `${c} TENUTEX 3 CPR 7.02 5`]));
    await setOffer(b, { price_cents: 650, stock: 2 });
    expect(await pages()).toEqual(everywhere([`${a} TENUTEX 1 CPR 7 5`, `${b} TENUTEX 2 CPR 6.5 2`, `${c} TENUTEX 3 CPR 7.02 5`]));
    await writeProducts(t.app.db, [product(c, 2, { nome_prodotto: 'TENUTEX RINOMINATO CPR' })], { shopIds: [shop] });
    expect(await pages()).toEqual(
      everywhere([`${a} TENUTEX 1 CPR 7 5`, `${b} TENUTEX 2 CPR 6.5 2`, `${c} TENUTEX RINOMINATO CPR 7.02 5`]),
    );
    // A master column the search does not index: no new search index says it, the masters version does.
    await t.app.db.updateTable('products').set({ prescription_only: 1 }).where('codice_ministeriale', '=', a).execute();
    expect(await pages()).toEqual(
      everywhere([`${a} TENUTEX 1 CPR 7 5 Rx`, `${b} TENUTEX 2 CPR 6.5 2`, `${c} TENUTEX RINOMINATO CPR 7.02 5`]),
    );
  });

  it.runIf(testEngine === 'postgres')('sends one statement a page after an offer written elsewhere: the masters it keeps stay good', async () => {
    const once = ['farmacia_category_page', 'farmacia_promotions_page', 'farmacia_search_hits'];
    await pages();
    expect(await pageStatements()).toEqual(once);
    await setOffer(CODES[0] as string, { stock: 9 });
    expect(await pageStatements()).toEqual(once);
    // A master written elsewhere (a column the search does not index: no new index): the category
    // page learns it from the masters version read with it and is read again whole, dropping every
    // master kept, so the promotions page reads its own whole at once; the search keeps its own halves.
    await t.app.db.updateTable('products').set({ sop_otc: 1 }).where('codice_ministeriale', '=', CODES[0] as string).execute();
    expect(await pageStatements()).toEqual(['farmacia_category_page', 'farmacia_category_page', 'farmacia_promotions_page', 'farmacia_search_hits', 'farmacia_search_hits']);
    expect(await pageStatements()).toEqual(once);
  });
});
