import { minsanCheckDigit, PromotionsResponseSchema, promotionDay } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, secondInstance, type TestApp, testEngine } from '../../test/build-test-app.js';
import { createShop } from '../../test/factories/users.js';
import type { CatalogueProductInput } from '../modules/catalogue/catalogue-input.js';
import { writeProducts } from '../modules/catalogue/catalogue-writer.js';

/**
 * Decision 0619: on PostgreSQL a shop's promotions page is one statement, cut from the shop's
 * promotion ids of its last request and read with its ids now. Whatever changed meanwhile on
 * another instance (a promotion started or ended, a price, the day) shows on the next request.
 */

const aic = (first8: string) => `${first8}${minsanCheckDigit(first8)}`;
const CODES = ['61950001', '61950002', '61950003', '61950004', '61950005'].map(aic);
const promoted = (code: string, i: number, extra: Partial<CatalogueProductInput> = {}): CatalogueProductInput => ({
  codice_ministeriale: code,
  nome_prodotto: `SCONTOL ${i + 1} CPR`,
  price_cents: 500 + i,
  list_price_cents: 900,
  promo: true,
  stock: 5,
  ...extra,
});

describe(`a shop's promotions pages across instances (${testEngine})`, () => {
  let t: TestApp;
  let other: { app: FastifyInstance; close(): Promise<void> };
  let shop: number;
  /** The codes in the order a full listing gives them (popularity). */
  let order: string[];

  const page = async (app: FastifyInstance, query: string) => {
    const res = await app.inject({ url: `/api/product/promotions?shop_id=${shop}&${query}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = PromotionsResponseSchema.parse(res.json());
    return { total: body.total, hits: body.result.map((p) => `${p.codice_ministeriale} ${p.prezzo}`) };
  };
  const priced = (codes: string[], prices: Record<string, number> = {}) => codes.map((c) => `${c} ${prices[c] ?? (500 + CODES.indexOf(c)) / 100}`);
  /** Statements sent to PostgreSQL for a promotions page (the search adapter's own and the page's). */
  const pageStatements = async (query: string) => {
    const spy = vi.spyOn(pg.Client.prototype, 'query');
    try {
      await page(other.app, query);
      return spy.mock.calls.filter(([config]) => /^farmacia_(promotions|search_page)/.test((config as { name?: string })?.name ?? '')).length;
    } finally {
      spy.mockRestore();
    }
  };

  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createShop(t.app, 'Farmacia Sconti');
    await writeProducts(t.app.db, CODES.map((c, i) => promoted(c, i)), { shopIds: [shop] });
    other = await secondInstance(t);
    const all = await page(t.app, 'rpp=50');
    order = all.hits.map((h) => h.split(' ')[0] as string);
    expect(order.toSorted()).toEqual(CODES.toSorted());
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('pages through them, and shows a promotion ended elsewhere and a price changed elsewhere on the next page asked', async () => {
    expect(await page(other.app, 'rpp=2&p=1')).toEqual({ total: 5, hits: priced(order.slice(0, 2)) });
    expect(await page(other.app, 'rpp=2&p=2')).toEqual({ total: 5, hits: priced(order.slice(2, 4)) });
    // The most popular one's promotion ends on the other instance: every page moves by one.
    await writeProducts(t.app.db, [promoted(order[0] as string, CODES.indexOf(order[0] as string), { promo: false, list_price_cents: null })], { shopIds: [shop] });
    expect(await page(other.app, 'rpp=2&p=1')).toEqual({ total: 4, hits: priced(order.slice(1, 3)) });
    expect(await page(other.app, 'rpp=2&p=2')).toEqual({ total: 4, hits: priced(order.slice(3, 5)) });
    // A price changes: the ids stay, the row read with them carries it.
    const second = order[1] as string;
    await writeProducts(t.app.db, [promoted(second, CODES.indexOf(second), { price_cents: 333 })], { shopIds: [shop] });
    expect(await page(other.app, 'rpp=2&p=1')).toEqual({ total: 4, hits: priced(order.slice(1, 3), { [second]: 3.33 }) });
    // It starts again: back on the first page.
    await writeProducts(t.app.db, [promoted(order[0] as string, CODES.indexOf(order[0] as string))], { shopIds: [shop] });
    expect(await page(other.app, 'rpp=2&p=1')).toEqual({ total: 5, hits: priced(order.slice(0, 2), { [second]: 3.33 }) });
    expect(await page(other.app, 'rpp=2&p=9')).toEqual({ total: 5, hits: [] });
  });

  it('follows the day: a promotion starting tomorrow is listed from tomorrow', async () => {
    const last = order[4] as string;
    const tomorrow = new Date(Date.now() + 86_400_000);
    await writeProducts(t.app.db, [promoted(last, CODES.indexOf(last), { promo_start: promotionDay(tomorrow) })], { shopIds: [shop] });
    expect((await page(other.app, 'rpp=50')).total).toBe(4);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(tomorrow);
    expect((await page(other.app, 'rpp=50')).total).toBe(5);
  });

  it.runIf(testEngine === 'postgres')('sends one statement for a page of a shop whose promotions did not change since its last request', async () => {
    await page(other.app, 'rpp=2&p=1');
    expect(await pageStatements('rpp=2&p=2')).toBe(1);
    expect(await pageStatements('rpp=2&p=3')).toBe(1);
    // Changed since, past the page: the ids read say so, and cut again they give the same page.
    const [first, , third] = order as [string, string, string];
    await writeProducts(t.app.db, [promoted(third, CODES.indexOf(third), { promo: false, list_price_cents: null })], { shopIds: [shop] });
    expect(await pageStatements('rpp=2&p=1')).toBe(1);
    // Changed on the page: it is read again for the ids read.
    await writeProducts(t.app.db, [promoted(first, CODES.indexOf(first), { promo: false, list_price_cents: null })], { shopIds: [shop] });
    expect(await pageStatements('rpp=2&p=1')).toBe(2);
    expect((await page(other.app, 'rpp=2&p=1')).hits.map((h) => h.split(' ')[0])).toEqual([order[1], order[3]]);
  });
});
