import {
  AdminProductResponseSchema,
  ApiErrorBodySchema,
  CatalogueImportJobResponseSchema,
  isPromotionRunning,
  minsanCheckDigit,
  ProductSchema,
  promotionDay,
  PromotionsResponseSchema,
  SearchResponseSchema,
} from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { finishedImport } from '../../../test/factories/catalogue.js';
import { bearer, type CreatedUser, createPharmacist, createShop } from '../../../test/factories/users.js';
import { writeProducts } from './catalogue-writer.js';
import { writtenDaysAgo } from './written-days-ago.js';

/** Decision 0530: a product promotion runs from its first to its last day (Rome, inclusive), either open. */

const aic = (first8: string) => `${first8}${minsanCheckDigit(first8)}`;
const today = promotionDay();
const shift = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** One product per kind of period, named so that one search finds them all. */
const PERIODS = {
  open: { promo_inizio: null, promo_fine: null },
  current: { promo_inizio: shift(-3), promo_fine: shift(3) },
  lastDay: { promo_inizio: shift(-10), promo_fine: today },
  firstDay: { promo_inizio: today, promo_fine: null },
  scheduled: { promo_inizio: shift(1), promo_fine: shift(10) },
  ended: { promo_inizio: null, promo_fine: shift(-1) },
} as const;
type Kind = keyof typeof PERIODS;
const KINDS = Object.keys(PERIODS) as Kind[];
const codeOf = (kind: Kind) => aic(`781${String(KINDS.indexOf(kind)).padStart(5, '0')}`);

describe(`promotion periods (${testEngine})`, () => {
  let t: TestApp;
  let pharmacist: CreatedUser;
  const call = (who: CreatedUser | null, method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await buildTestApp();
    pharmacist = await createPharmacist(t.app, await createShop(t.app, 'Farmacia Periodi'));
    // Sold at 20.00 € for 40 days: the struck price the law sets (decision 0701).
    await writtenDaysAgo(40, () =>
      writeProducts(
        t.app.db,
        KINDS.map((kind) => ({ codice_ministeriale: codeOf(kind), nome_prodotto: `PERIODOL ${kind.toUpperCase()} 10 CPR`, price_cents: 2000, stock: 5 })),
      ),
    );
    for (const kind of KINDS) {
      const res = await call(pharmacist, 'PUT', `/admin/catalogue/products/${codeOf(kind)}/promotion`, { prezzo: 15, prezzo_pieno: 20, ...PERIODS[kind] });
      expect(res.statusCode, res.body).toBe(200);
      expect(AdminProductResponseSchema.parse(res.json()).data).toMatchObject({ promo: true, prezzo: 15, ...PERIODS[kind] });
    }
  });
  afterAll(() => t.close());

  const running = KINDS.filter((kind) => isPromotionRunning({ start: PERIODS[kind].promo_inizio, end: PERIODS[kind].promo_fine }, today));

  it('the contract rule: open ends, first and last day included', () => {
    expect(running).toEqual(['open', 'current', 'lastDay', 'firstDay']);
  });

  it('GET /product/promotions lists and counts only the running ones (filtered in SQL)', async () => {
    const res = PromotionsResponseSchema.parse((await call(null, 'GET', '/product/promotions?rpp=50')).json());
    expect(res.result.map((p) => p.codice_ministeriale).sort()).toEqual(running.map(codeOf).sort());
    expect(res.total).toBe(running.length);
    expect(res.result.every((p) => p.promo && p.prezzo === 15 && p.prezzo_pieno === 20)).toBe(true);
  });

  it('outside its period a product sells at its full price, not flagged as on promotion (page and search)', async () => {
    for (const kind of KINDS) {
      const on = running.includes(kind);
      const product = ProductSchema.parse((await call(null, 'GET', `/product/${codeOf(kind)}`)).json());
      expect([kind, product.promo, product.prezzo, product.prezzo_pieno]).toEqual([kind, on, on ? 15 : 20, on ? 20 : null]);
      const admin = AdminProductResponseSchema.parse((await call(pharmacist, 'GET', `/admin/catalogue/products/${codeOf(kind)}`)).json()).data;
      // The back office sees what was stored, and whether it applies today.
      expect([kind, admin.promo, admin.prezzo, admin.promo_in_corso]).toEqual([kind, true, 15, on]);
    }
    const search = SearchResponseSchema.parse((await call(null, 'GET', '/product/search?q=periodol&rpp=20')).json());
    const hits = search.responses[0]?.hits.hits ?? [];
    expect(hits).toHaveLength(KINDS.length);
    for (const hit of hits) {
      const kind = KINDS.find((k) => codeOf(k) === hit._id) as Kind;
      expect([kind, hit._source.promo, hit._source.prezzo]).toEqual([kind, running.includes(kind), running.includes(kind) ? 15 : 20]);
    }
  });

  it('refuses an end before the start and a day that does not exist, on the field (422)', async () => {
    const code = codeOf('open');
    const backwards = await call(pharmacist, 'PUT', `/admin/catalogue/products/${code}/promotion`, {
      prezzo: 15,
      prezzo_pieno: 20,
      promo_inizio: shift(5),
      promo_fine: shift(2),
    });
    expect(backwards.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(backwards.json()).errors?.promo_fine).toEqual(['La fine della promozione non può precedere l’inizio.']);
    const bad = await call(pharmacist, 'PUT', `/admin/catalogue/products/${code}/promotion`, { prezzo: 15, prezzo_pieno: 20, promo_inizio: '2026-02-30' });
    expect(bad.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(bad.json()).errors?.promo_inizio).toEqual(['Inserire una data valida (gg/mm/aaaa).']);
  });

  it('the catalogue file may carry promo_inizio and promo_fine (gg/mm/aaaa or aaaa-mm-gg); a bad day rejects its row', async () => {
    const italian = (d: string) => d.split('-').reverse().join('/');
    const [a, b, c, d] = ['78200001', '78200002', '78200003', '78200004'].map(aic) as [string, string, string, string];
    // Sold at 12.00 € for 40 days: the struck price the file may state (decision 0701).
    await writtenDaysAgo(40, () =>
      writeProducts(t.app.db, [a, b].map((code) => ({ codice_ministeriale: code, nome_prodotto: `IMPORTOL ${code}`, price_cents: 1200 }))),
    );
    const file = [
      'codice_ministeriale;nome_prodotto;prezzo;prezzo_pieno;promo;promo_inizio;promo_fine',
      `${a};IMPORTOL A;9,00;12,00;1;${italian(shift(-1))};${shift(1)}`,
      `${b};IMPORTOL B;9,00;12,00;1;${italian(shift(2))};`,
      `${c};IMPORTOL C;9,00;12,00;1;31/02/2026;`,
      `${d};IMPORTOL D;9,00;12,00;1;${shift(3)};${shift(1)}`,
    ].join('\n');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/catalogue/imports?name=periodi.csv',
      headers: { 'content-type': 'text/csv', ...bearer(pharmacist.token) },
      payload: Buffer.from(`${file}\n`),
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = await finishedImport(t.app, pharmacist.token, CatalogueImportJobResponseSchema.parse(res.json()).data.id);
    expect(job.report?.rejected).toEqual([
      { line: 4, codice_ministeriale: c, reasons: ['promo_inizio non valida: usare gg/mm/aaaa o aaaa-mm-gg.'] },
      { line: 5, codice_ministeriale: d, reasons: ['promo_fine precede promo_inizio.'] },
    ]);
    const stored = AdminProductResponseSchema.parse((await call(pharmacist, 'GET', `/admin/catalogue/products/${a}`)).json()).data;
    expect([stored.promo_inizio, stored.promo_fine, stored.promo_in_corso]).toEqual([shift(-1), shift(1), true]);
    const later = AdminProductResponseSchema.parse((await call(pharmacist, 'GET', `/admin/catalogue/products/${b}`)).json()).data;
    expect([later.promo_inizio, later.promo_fine, later.promo_in_corso]).toEqual([shift(2), null, false]);
    expect(ProductSchema.parse((await call(null, 'GET', `/product/${b}`)).json())).toMatchObject({ promo: false, prezzo: 12 });
  });
});
