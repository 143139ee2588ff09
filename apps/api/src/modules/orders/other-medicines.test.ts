import { AdminOrderResponseSchema, CartResponseSchema, CheckoutResponseSchema, messages } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/column.js';
import type { TestApp } from '../../../test/build-test-app.js';
import { createProduct, createVoucher } from '../../../test/factories/cart.js';
import { orderingShop } from '../../../test/factories/ordering-shop.js';
import { bearer, type CreatedUser, createPharmacist, createUser } from '../../../test/factories/users.js';

/**
 * A medicine with neither prescription flag — homeopathic or veterinary, marked `medicine` in the
 * catalogue (decision 0699) — is a medicine for every sale rule: no discount code, no loyalty
 * points, no distance sale without the Ministry authorization; and a line the pharmacist adds with
 * a code the catalogue does not have is one unless they say otherwise.
 */
describe('medicines without prescription flags (decision 0699)', () => {
  let t: TestApp;
  let shopId: number;
  let pharmacist: CreatedUser;

  beforeAll(async () => {
    ({ t, shopId } = await orderingShop('Farmacia Omeopatica'));
    pharmacist = await createPharmacist(t.app, shopId);
    await t.app.db.insertInto('options').values({ shop_id: shopId, key: 'loyalty_points_per_euro', value: '1', updated_at: nowIso() }).execute();
  });
  afterAll(() => t.close());

  const homeopathic = () => createProduct(t.app, { name: 'Arnica Montana 9CH granuli', priceCents: 2000, medicine: true });
  const parapharmacy = () => createProduct(t.app, { name: 'Crema mani', priceCents: 1000 });
  const as = (who: CreatedUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(who.token), ...(payload ? { payload } : {}) });
  const cartAfter = async (who: CreatedUser, url: string, payload: object) => {
    const res = await as(who, 'POST', url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return CartResponseSchema.parse(res.json()).data;
  };

  it('takes no discount code off a homeopathic, earns no points on it, and the order line keeps it a medicine', async () => {
    const voucher = await createVoucher(t.app, shopId);
    const alone = await createUser(t.app, { shopId });
    await cartAfter(alone, `/cart/products/${(await homeopathic()).code}`, { quantity: 1 });
    expect((await cartAfter(alone, `/cart/vouchers/${voucher.code}`, { code: voucher.code })).apply_voucher?.type).toBe('no_eligible_products');

    const customer = await createUser(t.app, { shopId });
    await cartAfter(customer, `/cart/products/${(await homeopathic()).code}`, { quantity: 1 });
    await cartAfter(customer, `/cart/products/${(await parapharmacy()).code}`, { quantity: 1 });
    // 10 % of the 10,00 € cream only: 1,00 €, not 3,00 €.
    expect((await cartAfter(customer, `/cart/vouchers/${voucher.code}`, { code: voucher.code })).apply_voucher).toMatchObject({ type: 'success', discount_amount: 1 });
    const shipping = await as(customer, 'PUT', '/cart', { shippingType: 'inShop', shippingMethod: JSON.stringify({ type: 'ritiro' }), paymentType: 'payInShop' });
    expect(shipping.statusCode, shipping.body).toBe(200);
    const checkout = await as(customer, 'POST', '/cart/checkout', { note: null });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const id = CheckoutResponseSchema.parse(checkout.json()).id;

    expect((await as(pharmacist, 'POST', `/admin/orders/${id}/take-charge`)).statusCode).toBe(200);
    // The customer's acceptance and the preparation are other suites': the order is in preparation.
    await t.app.db.updateTable('orders').set({ status: 'processing' }).where('id', '=', id).execute();
    const completed = await as(pharmacist, 'POST', `/admin/orders/${id}/complete`);
    expect(completed.statusCode, completed.body).toBe(200);
    // (30,00 − 20,00 of the homeopathic − 1,00 off) × 1 point a euro = 9 points, not 29.
    const card = (await as(customer, 'GET', '/fidelityCard')).json() as { data: Array<{ score: number }> };
    expect(card.data[0]?.score).toBe(9);
  });

  it("counts a line the pharmacist adds with a code not in the catalogue as a medicine unless they say it is not", async () => {
    const voucher = await createVoucher(t.app, shopId);
    const placeWithVoucher = async () => {
      const customer = await createUser(t.app, { shopId });
      await cartAfter(customer, `/cart/products/${(await parapharmacy()).code}`, { quantity: 1 });
      await cartAfter(customer, `/cart/vouchers/${voucher.code}`, { code: voucher.code });
      expect((await as(customer, 'PUT', '/cart', { shippingType: 'inShop', shippingMethod: JSON.stringify({ type: 'ritiro' }), paymentType: 'payInShop' })).statusCode).toBe(200);
      const checkout = await as(customer, 'POST', '/cart/checkout', { note: null });
      expect(checkout.statusCode, checkout.body).toBe(201);
      const id = CheckoutResponseSchema.parse(checkout.json()).id;
      expect((await as(pharmacist, 'POST', `/admin/orders/${id}/take-charge`)).statusCode).toBe(200);
      const lines = AdminOrderResponseSchema.parse((await as(pharmacist, 'GET', `/admin/orders/${id}`)).json()).data.products;
      return { id, kept: lines.map((l) => ({ code: l.code, quantity: l.quantity, price: l.price })) };
    };
    const finalize = async (added: object) => {
      const { id, kept } = await placeWithVoucher();
      const res = await as(pharmacist, 'POST', `/admin/orders/${id}/finalize`, { products: [...kept, { code: 'OMEO-001', name: 'Rimedio omeopatico', quantity: 1, price: 20, ...added }] });
      expect(res.statusCode, res.body).toBe(200);
      return AdminOrderResponseSchema.parse(res.json()).data;
    };
    // Not said: a medicine, the code takes 10 % of the cream only.
    expect((await finalize({})).discount_amount).toBe(1);
    expect((await finalize({ medicine: true })).discount_amount).toBe(1);
    // Said parapharmacy: the code takes 10 % of both.
    expect((await finalize({ medicine: false })).discount_amount).toBe(3);

    const { id, kept } = await placeWithVoucher();
    const bad = await as(pharmacist, 'POST', `/admin/orders/${id}/finalize`, { products: [...kept, { code: 'X1', name: 'Prodotto', quantity: 1, price: 2, medicine: 'forse' }] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'products.1.medicine': [messages.validation.boolean] });
  });
});
