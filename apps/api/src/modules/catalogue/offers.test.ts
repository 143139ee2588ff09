import {
  AdminProductResponseSchema,
  ApiErrorBodySchema,
  CartResponseSchema,
  CategoryResponseSchema,
  CatalogueImportJobResponseSchema,
  CheckoutResponseSchema,
  minsanCheckDigit,
  OrderResponseSchema,
  ProductSchema,
  promotionDay,
  PromotionsResponseSchema,
  SearchByCategoryResponseSchema,
  SearchResponseSchema,
} from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { finishedImport } from '../../../test/factories/catalogue.js';
import { setOrderShipping } from '../../../test/factories/orders.js';
import { bearer, type CreatedUser, createAdmin, createPharmacist, createShop, createUser } from '../../../test/factories/users.js';
import * as m0130 from '../../db/migrations/0130_product_offers.js';
import * as m0131 from '../../db/migrations/0131_offer_promotion_periods.js';
import * as m0133 from '../../db/migrations/0133_shop_shelves.js';
import * as m0138 from '../../db/migrations/0138_stored_shelves.js';
import { AppError } from '../../errors.js';
import { importCatalogue } from './catalogue-import.service.js';
import { writeProducts } from './catalogue-writer.js';
import { seedCatalogue } from './catalogue.seed.js';
import { writtenDaysAgo } from './written-days-ago.js';

/**
 * Issue 18: one product master, each pharmacy its own offers. Two shops over the same master:
 * Centrale (the first, the default) and San Marco, which sells some products at other prices
 * and not others at all.
 */

const aic = (first8: string) => `${first8}${minsanCheckDigit(first8)}`;
const BOTH = aic('61800001'); // both shops, different prices and stock
const ONLY_CENTRALE = aic('61800002'); // San Marco does not sell it
const PROMO_SAN_MARCO = aic('61800003'); // on promotion at San Marco only
const CATEGORY = ['Integratori', 'Vitamine'];

describe(`per-shop offers over one product master (${testEngine})`, () => {
  let t: TestApp;
  let centrale: number;
  let sanMarco: number;
  let customer: CreatedUser;
  let pharmacistSanMarco: CreatedUser;
  let admin: CreatedUser;

  const get = async (url: string, who?: CreatedUser) => {
    const res = await t.app.inject({ url: `/api${url}`, headers: who ? bearer(who.token) : {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const call = (who: CreatedUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(who.token), ...(payload ? { payload } : {}) });
  const hits = async (q: string, query = '', who?: CreatedUser) =>
    SearchResponseSchema.parse(await get(`/product/search?q=${encodeURIComponent(q)}&rpp=20${query}`, who)).responses[0]?.hits.hits.map(
      (h) => ({ code: h._id, prezzo: h._source.prezzo, quantita: h._source.quantita }),
    );
  const product = async (code: string, query = '') => ProductSchema.parse(await get(`/product/${code}${query}`));

  beforeAll(async () => {
    t = await buildTestApp();
    centrale = await createShop(t.app, 'Farmacia Centrale');
    sanMarco = await createShop(t.app, 'Farmacia San Marco');
    const base = { categorie: CATEGORY, descrizione_ditta_1_produttrice: 'Laboratori Offerta' };
    await writeProducts(
      t.app.db,
      [
        { ...base, codice_ministeriale: BOTH, nome_prodotto: 'OFFERTOL 10 CPR', price_cents: 1000, stock: 5 },
        { ...base, codice_ministeriale: ONLY_CENTRALE, nome_prodotto: 'OFFERTOL CREMA 50 ML', price_cents: 1500, stock: 2 },
        { ...base, codice_ministeriale: PROMO_SAN_MARCO, nome_prodotto: 'OFFERTOL GOCCE', price_cents: 700, stock: 9 },
      ],
      { shopIds: [centrale] },
    );
    await writeProducts(
      t.app.db,
      [
        { codice_ministeriale: BOTH, nome_prodotto: 'OFFERTOL 10 CPR', price_cents: 850, stock: 0 },
        { codice_ministeriale: PROMO_SAN_MARCO, nome_prodotto: 'OFFERTOL GOCCE', price_cents: 590, list_price_cents: 700, promo: true, stock: 3 },
      ],
      { shopIds: [sanMarco] },
    );
    customer = await createUser(t.app, { shopId: centrale, linkedShopIds: [sanMarco] });
    pharmacistSanMarco = await createPharmacist(t.app, sanMarco);
    admin = await createAdmin(t.app);
  });
  afterAll(() => t.close());

  it("searches the current shop's shelf with its prices: the default shop for a visitor, shop_id when given", async () => {
    expect(await hits('offertol')).toEqual([
      { code: BOTH, prezzo: 10, quantita: 5 },
      { code: ONLY_CENTRALE, prezzo: 15, quantita: 2 },
      { code: PROMO_SAN_MARCO, prezzo: 7, quantita: 9 },
    ]);
    expect(await hits('offertol', `&shop_id=${sanMarco}`)).toEqual([
      { code: BOTH, prezzo: 8.5, quantita: 0 },
      { code: PROMO_SAN_MARCO, prezzo: 5.9, quantita: 3 },
    ]);
    // The total is the shelf's too, not the master's.
    const counted = SearchResponseSchema.parse(await get(`/product/search?q=offertol&shop_id=${sanMarco}`)).responses[0]?.hits;
    expect([counted?.total, counted?.total_relation]).toEqual([2, 'eq']);
    // Substrings and codes are the shop's shelf too.
    expect((await hits('fertol crema', `&shop_id=${sanMarco}`))?.map((h) => h.code) ?? []).toEqual([]);
    expect(await hits(ONLY_CENTRALE, `&shop_id=${sanMarco}`)).toEqual([]);
    expect((await hits(ONLY_CENTRALE))?.map((h) => h.code)).toEqual([ONLY_CENTRALE]);
    const unknown = await t.app.inject({ url: '/api/product/search?q=offertol&shop_id=999999' });
    expect(unknown.statusCode).toBe(404);
  });

  it("searches a signed-in customer's shop, and follows a switch of shop at once", async () => {
    expect((await hits('offertol', '', customer))?.map((h) => h.prezzo)).toEqual([10, 15, 7]);
    expect((await call(customer, 'PUT', '/shops', { shop_id: sanMarco })).statusCode).toBe(200);
    expect((await hits('offertol', '', customer))?.map((h) => h.prezzo)).toEqual([8.5, 5.9]);
    expect((await call(customer, 'PUT', '/shops', { shop_id: centrale })).statusCode).toBe(200);
  });

  it("opens a product the shop does not sell by its code, saying so; the others with the shop's price", async () => {
    expect(await product(ONLY_CENTRALE)).toMatchObject({ in_vendita: true, prezzo: 15, quantita: 2 });
    expect(await product(ONLY_CENTRALE, `?shop_id=${sanMarco}`)).toMatchObject({
      nome_prodotto: 'OFFERTOL CREMA 50 ML',
      in_vendita: false,
      quantita: 0,
    });
    expect(await product(BOTH, `?shop_id=${sanMarco}`)).toMatchObject({ in_vendita: true, prezzo: 8.5, quantita: 0 });
    expect(await product(PROMO_SAN_MARCO, `?shop_id=${sanMarco}`)).toMatchObject({ promo: true, prezzo: 5.9, prezzo_pieno: 7 });
    expect(await product(PROMO_SAN_MARCO)).toMatchObject({ promo: false, prezzo: 7, prezzo_pieno: null });
  });

  it("counts and lists each shop's products in the categories, and its own promotions", async () => {
    const totals = async (query: string) =>
      CategoryResponseSchema.parse(await get(`/product/category?cat1=integratori${query}`)).categories.find((c) => c.slug === 'vitamine')?.tot_prodotti;
    expect(await totals('')).toBe(3);
    expect(await totals(`&shop_id=${sanMarco}`)).toBe(2);
    const listed = SearchByCategoryResponseSchema.parse(await get(`/product/searchByCategory?slug1=integratori&slug2=vitamine&shop_id=${sanMarco}`));
    expect(listed.hits.total).toBe(2);
    expect(listed.hits.hits.map((h) => [h._id, h._source.prezzo])).toEqual([
      [BOTH, 8.5],
      [PROMO_SAN_MARCO, 5.9],
    ]);
    const promotions = async (query: string) => PromotionsResponseSchema.parse(await get(`/product/promotions${query}`));
    expect((await promotions('')).result.map((p) => p.codice_ministeriale)).not.toContain(PROMO_SAN_MARCO);
    expect((await promotions(`?shop_id=${sanMarco}`)).result.map((p) => p.codice_ministeriale)).toEqual([PROMO_SAN_MARCO]);
  });

  it('re-prices the cart when the customer switches shop and flags the lines the new shop does not sell', async () => {
    const buyer = await createUser(t.app, { shopId: centrale, linkedShopIds: [sanMarco] });
    for (const code of [BOTH, ONLY_CENTRALE]) {
      expect((await call(buyer, 'POST', `/cart/products/${code}`, { quantity: 2 })).statusCode).toBe(200);
    }
    const cart = async () => CartResponseSchema.parse((await call(buyer, 'GET', '/cart')).json()).data;
    expect((await cart()).subTotal).toBe(50);

    expect((await call(buyer, 'PUT', '/shops', { shop_id: sanMarco })).statusCode).toBe(200);
    const there = await cart();
    expect(there.products.map((p) => [p.code, p.amount, p.quantity, p.unavailable, p.not_sold_here])).toEqual([
      [BOTH, 8.5, 2, false, false],
      [ONLY_CENTRALE, 0, 2, true, true],
    ]);
    expect(there.subTotal).toBe(17);
    // The shop does not sell it: it cannot be added there either.
    expect((await call(buyer, 'POST', `/cart/products/${ONLY_CENTRALE}`, { quantity: 1 })).statusCode).toBe(404);
    // The checkout refuses the flagged line by name, never drops it silently.
    const refused = await call(buyer, 'POST', '/cart/checkout', {});
    expect(refused.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(refused.json()).errors?.products).toEqual(['OFFERTOL CREMA 50 ML non è disponibile in questa farmacia: rimuovilo dal carrello.']);
    // Back at the shop that sells it, the line is priced there again.
    expect((await call(buyer, 'PUT', '/shops', { shop_id: centrale })).statusCode).toBe(200);
    expect((await cart()).products.map((p) => [p.code, p.amount, p.unavailable, p.not_sold_here])).toEqual([
      [BOTH, 10, false, false],
      [ONLY_CENTRALE, 15, false, false],
    ]);
  });

  it("places the order at the shop the customer switched to: its lines and totals carry that shop's prices", async () => {
    await setOrderShipping(t.app, sanMarco);
    const buyer = await createUser(t.app, { shopId: centrale, linkedShopIds: [sanMarco] });
    expect((await call(buyer, 'POST', `/cart/products/${BOTH}`, { quantity: 2 })).statusCode).toBe(200);
    // Added at Centrale's 10 €; the switch happens between the cart and the checkout.
    expect((await call(buyer, 'PUT', '/shops', { shop_id: sanMarco })).statusCode).toBe(200);
    const choice = { shippingType: 'inShop', shippingMethod: JSON.stringify({ type: 'ritiro' }), paymentType: 'payInShop' };
    expect((await call(buyer, 'PUT', '/cart', choice)).statusCode).toBe(200);
    const placed = await call(buyer, 'POST', '/cart/checkout', {});
    expect(placed.statusCode, placed.body).toBe(201);
    const id = CheckoutResponseSchema.parse(placed.json()).id;

    const order = OrderResponseSchema.parse((await call(buyer, 'GET', `/order/${id}`)).json()).data;
    expect(order.products.map((p) => [p.code, p.price, p.quantity])).toEqual([[BOTH, 8.5, 2]]);
    expect([order.subTotal, order.total]).toEqual([17, 17]);
    const row = await t.app.db.selectFrom('orders').select(['shop_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.shop_id).toBe(sanMarco);
    // San Marco's staff see it; Centrale's do not.
    expect((await call(pharmacistSanMarco, 'GET', `/admin/orders/${id}`)).statusCode).toBe(200);
    expect((await call(await createPharmacist(t.app, centrale), 'GET', `/admin/orders/${id}`)).statusCode).toBe(404);
  });

  it("lets a pharmacist take their shop's offer off sale and back from the back office, the other shop's shelf untouched", async () => {
    const editor = async (body?: object) => {
      const res = await call(pharmacistSanMarco, body ? 'PUT' : 'GET', `/admin/catalogue/products/${PROMO_SAN_MARCO}`, body);
      expect(res.statusCode, res.body).toBe(200);
      return AdminProductResponseSchema.parse(res.json()).data;
    };
    expect((await editor()).in_vendita).toBe(true);
    expect((await editor({ in_vendita: false })).in_vendita).toBe(false);
    // Off San Marco's shelf: not in its search, its product page says so; Centrale still sells it.
    expect((await hits('offertol gocce', `&shop_id=${sanMarco}`))?.length).toBe(0);
    expect(await product(PROMO_SAN_MARCO, `?shop_id=${sanMarco}`)).toMatchObject({ in_vendita: false });
    expect((await hits('offertol gocce'))?.map((h) => h.code)).toEqual([PROMO_SAN_MARCO]);
    // Still San Marco's offer: the back office opens it by code and puts it back on sale.
    expect((await editor()).in_vendita).toBe(false);
    expect((await editor({ in_vendita: true })).in_vendita).toBe(true);
    expect((await hits('offertol gocce', `&shop_id=${sanMarco}`))?.map((h) => h.code)).toEqual([PROMO_SAN_MARCO]);
    const bad = await call(pharmacistSanMarco, 'PUT', `/admin/catalogue/products/${PROMO_SAN_MARCO}`, { in_vendita: 'sì' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(ApiErrorBodySchema.parse(bad.json()).errors ?? {})).toEqual(['in_vendita']);
  });

  it('imports a price list into one shop only; with several shops and no shop the import is refused', async () => {
    const file = (price: string, onSale = '') =>
      Buffer.from(`codice_ministeriale;nome_prodotto;prezzo;quantita;in_vendita\r\n${BOTH};OFFERTOL 10 CPR;${price};7;${onSale}\r\n${aic('61800004')};;1,00;1;1\r\n`);
    const refused = await importCatalogue(t.app.db, file('9,00')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).options.errors?.shop?.[0]).toMatch(/--shop/);

    const report = await importCatalogue(t.app.db, file('9,00'), { shopId: sanMarco });
    expect(report).toMatchObject({ updated: 1, inserted: 0 });
    expect(report.rejected.map((r) => r.line)).toEqual([3]);
    expect(await product(BOTH, `?shop_id=${sanMarco}`)).toMatchObject({ prezzo: 9, quantita: 7, in_vendita: true });
    expect(await product(BOTH)).toMatchObject({ prezzo: 10, quantita: 5 });

    // in_vendita 0 takes it off that shop's shelf, and nothing else.
    await importCatalogue(t.app.db, file('9,00', '0'), { shopId: sanMarco });
    expect(await product(BOTH, `?shop_id=${sanMarco}`)).toMatchObject({ in_vendita: false });
    expect((await hits('offertol 10', `&shop_id=${sanMarco}`))?.length).toBe(0);
    expect((await hits('offertol 10'))?.length).toBe(1);
    await importCatalogue(t.app.db, file('9,00', '1'), { shopId: sanMarco });
  });

  it("keeps a pharmacist to their own shop's offers: another shop's is 404, a shared master is an admin's", async () => {
    const notOurs = await call(pharmacistSanMarco, 'GET', `/admin/catalogue/products/${ONLY_CENTRALE}`);
    expect(notOurs.statusCode).toBe(404);
    expect((await call(pharmacistSanMarco, 'PUT', `/admin/catalogue/products/${ONLY_CENTRALE}`, { prezzo: 1 })).statusCode).toBe(404);
    // A pharmacist cannot reach another shop through shop_id either.
    const viaQuery = await call(pharmacistSanMarco, 'PUT', `/admin/catalogue/products/${BOTH}?shop_id=${centrale}`, { prezzo: 1 });
    expect(viaQuery.statusCode).toBe(200);
    expect(await product(BOTH)).toMatchObject({ prezzo: 10 });
    expect(await product(BOTH, `?shop_id=${sanMarco}`)).toMatchObject({ prezzo: 1 });

    const rename = await call(pharmacistSanMarco, 'PUT', `/admin/catalogue/products/${BOTH}`, { nome_prodotto: 'OFFERTOL 10 COMPRESSE' });
    expect(rename.statusCode).toBe(403);
    expect(ApiErrorBodySchema.parse(rename.json()).message).toMatch(/solo un amministratore/);
    const byAdmin = await call(admin, 'PUT', `/admin/catalogue/products/${BOTH}?shop_id=${centrale}`, { nome_prodotto: 'OFFERTOL 10 COMPRESSE' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await product(BOTH, `?shop_id=${sanMarco}`)).toMatchObject({ nome_prodotto: 'OFFERTOL 10 COMPRESSE', prezzo: 1 });
  });

  it("writes a pharmacist's upload to their shop only, leaving a shared master alone", async () => {
    const body = Buffer.from(`codice_ministeriale;nome_prodotto;prezzo;quantita\r\n${BOTH};NOME CAMBIATO;4,20;11\r\n`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/catalogue/imports?name=listino.csv',
      headers: { 'content-type': 'text/csv', ...bearer(pharmacistSanMarco.token) },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(202);
    await finishedImport(t.app, pharmacistSanMarco.token, CatalogueImportJobResponseSchema.parse(res.json()).data.id);
    expect(await product(BOTH, `?shop_id=${sanMarco}`)).toMatchObject({ prezzo: 4.2, quantita: 11, nome_prodotto: 'OFFERTOL 10 COMPRESSE' });
    expect(await product(BOTH)).toMatchObject({ prezzo: 10, quantita: 5 });
  });

  it("runs a promotion's period per shop: San Marco's pharmacist schedules one, Centrale's offer is left alone", async () => {
    const today = promotionDay();
    const shift = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    // Sold at both for 40 days (the law's struck price is the lowest of the 30 days before, decision 0701).
    const PERIODIC = aic('61800004');
    const sold = (shopId: number, price_cents: number) =>
      writeProducts(t.app.db, [{ codice_ministeriale: PERIODIC, nome_prodotto: 'OFFERTOL 20 CPR', categorie: CATEGORY, price_cents, stock: 5 }], { shopIds: [shopId] });
    await writtenDaysAgo(40, async () => {
      await sold(centrale, 1000);
      await sold(sanMarco, 850);
    });
    const period = { prezzo: 7, promo_inizio: shift(1), promo_fine: shift(5) };
    const scheduled = await call(pharmacistSanMarco, 'PUT', `/admin/catalogue/products/${PERIODIC}/promotion`, period);
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    // Not started yet at San Marco: full price, not on promotion, not listed.
    expect(await product(PERIODIC, `?shop_id=${sanMarco}`)).toMatchObject({ promo: false, prezzo: 8.5 });
    const listed = async (shopId: number) =>
      PromotionsResponseSchema.parse(await get(`/product/promotions?rpp=50&shop_id=${shopId}`)).result.map((p) => p.codice_ministeriale);
    expect(await listed(sanMarco)).not.toContain(PERIODIC);
    const running = await call(pharmacistSanMarco, 'PUT', `/admin/catalogue/products/${PERIODIC}/promotion`, { ...period, promo_inizio: shift(-1) });
    expect(running.statusCode, running.body).toBe(200);
    expect(await product(PERIODIC, `?shop_id=${sanMarco}`)).toMatchObject({ promo: true, prezzo: 7, prezzo_pieno: 8.5 });
    expect(await listed(sanMarco)).toContain(PERIODIC);
    expect((await hits('offertol', `&shop_id=${sanMarco}`))?.find((h) => h.code === PERIODIC)?.prezzo).toBe(7);
    // Centrale's offer of the same product has no promotion and no period.
    expect(await product(PERIODIC, `?shop_id=${centrale}`)).toMatchObject({ promo: false, prezzo: 10 });
    expect(await listed(centrale)).not.toContain(PERIODIC);
    const stored = await t.app.db.selectFrom('product_offers').select(['promo_start', 'promo_end']).where('shop_id', '=', centrale).execute();
    expect(stored.every((o) => o.promo_start === null && o.promo_end === null)).toBe(true);
  });

  it('migrations 0130-0131: down puts the default shop’s offers (and period) back on the products, up makes one offer per shop again', async () => {
    const productId = (await t.app.db.selectFrom('products').select('id').where('codice_ministeriale', '=', BOTH).executeTakeFirstOrThrow()).id;
    await t.app.db
      .updateTable('product_offers')
      .set({ promo_start: '2026-01-01', promo_end: '2026-12-31' })
      .where('shop_id', '=', centrale)
      .where('product_id', '=', productId)
      .execute();
    await m0138.down(t.app.db);
    await m0133.down(t.app.db);
    await m0131.down(t.app.db);
    await m0130.down(t.app.db);
    const row = await t.app.db
      .selectFrom('products')
      .select(['price_cents', 'stock', 'promo_start', 'promo_end'])
      .where('codice_ministeriale', '=', BOTH)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ price_cents: 1000, stock: 5, promo_start: '2026-01-01', promo_end: '2026-12-31' });
    await m0130.up(t.app.db);
    await m0131.up(t.app.db);
    await m0133.up(t.app.db);
    await m0138.up(t.app.db);
    const offers = await t.app.db
      .selectFrom('product_offers as o')
      .innerJoin('products as p', 'p.id', 'o.product_id')
      .select(['o.shop_id', 'o.price_cents', 'o.stock', 'o.on_sale', 'o.promo_start', 'o.promo_end'])
      .where('p.codice_ministeriale', '=', BOTH)
      .orderBy('o.shop_id')
      .execute();
    expect(offers.map((o) => o.shop_id)).toEqual([centrale, sanMarco]);
    expect(offers.every((o) => o.price_cents === 1000 && o.stock === 5 && o.on_sale === 1)).toBe(true);
    expect(offers.every((o) => o.promo_start === '2026-01-01' && o.promo_end === '2026-12-31')).toBe(true);
    expect(await product(BOTH, `?shop_id=${sanMarco}`)).toMatchObject({ prezzo: 10, in_vendita: true });
  });
});

describe(`the demo's two shops (${testEngine})`, () => {
  it('differ visibly: some prices, some stock, some products only the first one sells', async () => {
    const t = await buildTestApp();
    try {
      const [first, second] = [await createShop(t.app, 'Farmacia San Marco'), await createShop(t.app, 'Farmacia Centrale')];
      await seedCatalogue(t.app, 60);
      const shelf = async (shopId: number) =>
        new Map(
          SearchByCategoryResponseSchema.parse(
            (await t.app.inject({ url: `/api/product/searchByCategory?slug1=farmaci-da-banco&rpp=50&shop_id=${shopId}` })).json(),
          ).hits.hits.map((h) => [h._id, h._source]),
        );
      const [a, b] = [await shelf(first), await shelf(second)];
      const both = [...a.keys()].filter((code) => b.has(code));
      expect(a.size).toBeGreaterThan(b.size);
      expect(both.some((code) => a.get(code)?.prezzo !== b.get(code)?.prezzo)).toBe(true);
      expect(both.some((code) => a.get(code)?.quantita !== b.get(code)?.quantita)).toBe(true);
      // The demo's prices are two months old: each shop's pharmacist can start a promotion at once,
      // struck through at that shop's price (decision 0701).
      const dearer = both.find((code) => !a.get(code)?.promo && !b.get(code)?.promo && (b.get(code)?.prezzo ?? 0) > (a.get(code)?.prezzo ?? 0)) as string;
      for (const [shopId, shelf] of [[first, a], [second, b]] as const) {
        const price = shelf.get(dearer)?.prezzo as number;
        const pharmacist = await createPharmacist(t.app, shopId);
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/admin/catalogue/products/${dearer}/promotion`,
          headers: bearer(pharmacist.token),
          payload: { prezzo: Math.floor(price / 2) },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(AdminProductResponseSchema.parse(res.json()).data.prezzo_pieno).toBe(price);
      }
    } finally {
      await t.close();
    }
  });
});
