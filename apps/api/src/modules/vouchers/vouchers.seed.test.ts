import { type Cart, CartResponseSchema, type SearchResponse } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { seedDemo } from '../../db/seed/index.js';

describe(`demo vouchers (${testEngine})`, () => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await buildTestApp({ outboxWorker: false, demoCatalogueSize: 300 });
    await seedDemo(t.app);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'cliente@farmacia.demo', password: 'Farmacia2026!' } });
    auth = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
  });
  afterAll(() => t.close());

  const cartAfter = async (method: 'POST' | 'DELETE', url: string, payload?: object): Promise<Cart> => {
    const res = await t.app.inject({ method, url: `/api${url}`, headers: auth, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return CartResponseSchema.parse(res.json()).data;
  };

  it('seeds one code of each kind and they behave as their descriptions say', async () => {
    const codes = await t.app.db.selectFrom('vouchers').select(['code', 'kind']).where('shop_id', '=', 1).orderBy('id').execute();
    expect(codes.map((c) => c.code)).toEqual(['BENVENUTO10', 'SCONTO5', 'SPEDIZIONEGRATIS', 'PARAFARMACO15', 'ESTATE2024', 'PRIMI100']);
    expect(new Set(codes.map((c) => c.kind))).toEqual(new Set(['percent', 'fixed', 'free_shipping']));

    const first = async (q: string) =>
      ((await t.app.inject({ method: 'GET', url: `/api/product/search?q=${q}&rpp=1` })).json() as SearchResponse).responses[0]!.hits.hits[0]!._source;
    // A medicine takes no discount code (decision 0696): alone in the cart, no code applies.
    const medicine = await first('tachipirina');
    await cartAfter('POST', `/cart/products/${medicine.codice_ministeriale}`, { quantity: 1 });
    expect((await cartAfter('POST', '/cart/vouchers/BENVENUTO10', { code: 'BENVENUTO10' })).apply_voucher?.type).toBe('no_eligible_products');
    await cartAfter('DELETE', `/cart/products/${medicine.codice_ministeriale}`);

    // Nor on a homeopathic, a medicine with neither prescription flag (decision 0699).
    const homeopathic = await t.app.db
      .selectFrom('products')
      .innerJoin('product_offers', 'product_offers.product_id', 'products.id')
      .select('products.codice_ministeriale')
      .where('product_offers.shop_id', '=', 1)
      .where('product_offers.on_sale', '=', 1)
      .where('product_offers.stock', '>', 0)
      .where('products.codice_ministeriale', 'like', '8%')
      .executeTakeFirstOrThrow();
    await cartAfter('POST', `/cart/products/${homeopathic.codice_ministeriale}`, { quantity: 1 });
    expect((await cartAfter('POST', '/cart/vouchers/BENVENUTO10', { code: 'BENVENUTO10' })).apply_voucher?.type).toBe('no_eligible_products');
    await cartAfter('DELETE', `/cart/products/${homeopathic.codice_ministeriale}`);

    // Parapharmacy the shop sells: the codes apply to it.
    const para = await t.app.db
      .selectFrom('products')
      .innerJoin('product_offers', 'product_offers.product_id', 'products.id')
      .select(['products.codice_ministeriale', 'product_offers.price_cents'])
      .where('product_offers.shop_id', '=', 1)
      .where('product_offers.on_sale', '=', 1)
      .where('product_offers.stock', '>', 0)
      .where('products.prescription_only', '=', 0)
      .where('products.sop_otc', '=', 0)
      .where('products.medicine', '=', 0)
      .orderBy('product_offers.price_cents', 'desc')
      .executeTakeFirstOrThrow();
    const product = { codice_ministeriale: para.codice_ministeriale, prezzo: para.price_cents / 100 };
    const cart = await cartAfter('POST', `/cart/products/${product.codice_ministeriale}`, { quantity: 1 });
    expect(cart.subTotal).toBe(product.prezzo);
    expect((await cartAfter('POST', '/cart/vouchers/estate2024', { code: 'estate2024' })).apply_voucher?.type).toBe('expired');
    expect((await cartAfter('POST', '/cart/vouchers/SCONTO5', { code: 'SCONTO5' })).apply_voucher?.type).toBe(
      product.prezzo >= 30 ? 'success' : 'minimum_cart_total',
    );
    const welcome = await cartAfter('POST', '/cart/vouchers/BENVENUTO10', { code: 'BENVENUTO10' });
    expect(welcome.apply_voucher).toMatchObject({ type: 'success', discount_amount: Math.round(product.prezzo * 10) / 100 });
  });
});
