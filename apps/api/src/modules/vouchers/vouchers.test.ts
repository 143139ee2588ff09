import { ApiErrorBodySchema, messages } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { cartOf, createProduct, createVoucher, customerCall, setShippingConfiguration, type TestProduct } from '../../../test/factories/cart.js';
import { type CreatedUser, createUser, ensureShop } from '../../../test/factories/users.js';
import { redeemCartVoucher } from './vouchers.service.js';

describe(`vouchers on the cart (${testEngine})`, () => {
  let t: TestApp;
  let shopId: number;
  let normal: TestProduct; // 20,00 €
  let promo: TestProduct; // 30,00 €, on promotion

  beforeAll(async () => {
    t = await buildTestApp();
    shopId = await ensureShop(t.app);
    await setShippingConfiguration(t.app, shopId);
    normal = await createProduct(t.app, { name: 'Integratore', priceCents: 2000 });
    promo = await createProduct(t.app, { name: 'Solare in offerta', priceCents: 3000, promo: true });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: CreatedUser, payload?: unknown) =>
    customerCall(t.app, method, url, user, payload);
  const apply = (user: CreatedUser, code: string) => call('POST', `/cart/vouchers/${encodeURIComponent(code)}`, user, { code });
  async function customerWith(lines: Array<[TestProduct, number]>): Promise<CreatedUser> {
    const user = await createUser(t.app, { shopId });
    for (const [product, quantity] of lines) await call('POST', `/cart/products/${product.code}`, user, { quantity });
    return user;
  }
  const usesOf = async (id: number) =>
    (await t.app.db.selectFrom('vouchers').select('uses').where('id', '=', id).executeTakeFirstOrThrow()).uses;

  it('applies a percentage code typed in any case: success, discount, the voucher listed', async () => {
    const v = await createVoucher(t.app, shopId, { code: 'BENVENUTO10', name: 'Benvenuto', kind: 'percent', value: 10 });
    const user = await customerWith([[normal, 2], [promo, 1]]);
    const cart = await cartOf(await apply(user, 'benvenuto10'));
    expect(cart.apply_voucher).toEqual({ type: 'success', message: 'Codice sconto inserito', discount_amount: 7 });
    expect(cart.vouchers).toEqual([
      { id: v.id, code: 'BENVENUTO10', name: 'Benvenuto', description: 'Un codice per i test', discount_amount: 7, minimum_cart_total: null, include_promo_product: 1 },
    ]);
    // `total` is before the discount: the app shows total minus discount_amount (spec §9).
    expect(cart).toMatchObject({ subTotal: 70, total: 70 });
    const again = await cartOf(await call('GET', '/cart', user));
    expect(again.apply_voucher).toEqual(cart.apply_voucher);
    expect(await usesOf(v.id)).toBe(1);
    // Applying it again changes nothing and takes no second use.
    expect((await cartOf(await apply(user, 'BENVENUTO10'))).apply_voucher?.type).toBe('success');
    expect(await usesOf(v.id)).toBe(1);
  });

  it('does not apply below the minimum: minimum_cart_total with the threshold in euro', async () => {
    const v = await createVoucher(t.app, shopId, { kind: 'fixed', value: 500, minimum_cart_total: 5000 });
    const user = await customerWith([[normal, 2]]);
    const cart = await cartOf(await apply(user, v.code));
    expect(cart.apply_voucher).toEqual({ type: 'minimum_cart_total', message: 'Il codice sconto è valido per una spesa minima di 50,00\u00a0€.', discount_amount: 0 });
    expect(cart.vouchers).toEqual([]);
    expect(await usesOf(v.id)).toBe(0);
    await call('POST', `/cart/products/${normal.code}`, user, { quantity: 3 });
    const ok = await cartOf(await apply(user, v.code));
    expect(ok.apply_voucher).toEqual({ type: 'success', message: messages.voucher.added, discount_amount: 5 });
  });

  it('re-evaluates on every cart change: below the minimum the voucher stays but takes nothing off', async () => {
    const v = await createVoucher(t.app, shopId, { kind: 'percent', value: 20, minimum_cart_total: 4000 });
    const user = await customerWith([[normal, 2]]);
    expect((await cartOf(await apply(user, v.code))).apply_voucher?.discount_amount).toBe(8);
    const lower = await cartOf(await call('POST', `/cart/products/${normal.code}`, user, { quantity: 1 }));
    expect(lower.apply_voucher).toMatchObject({ type: 'minimum_cart_total', discount_amount: 0 });
    expect(lower.vouchers[0]).toMatchObject({ id: v.id, discount_amount: 0, minimum_cart_total: 40 });
    const back = await cartOf(await call('POST', `/cart/products/${normal.code}`, user, { quantity: 3 }));
    expect(back.apply_voucher).toEqual({ type: 'success', message: messages.voucher.added, discount_amount: 12 });
  });

  it('refuses unknown, expired, not yet valid and disabled codes, each with its reason', async () => {
    const user = await customerWith([[normal, 1]]);
    const expired = await createVoucher(t.app, shopId, { ends_at: '2020-01-01T00:00:00.000Z' });
    const future = await createVoucher(t.app, shopId, { starts_at: '2999-01-01T00:00:00.000Z' });
    const off = await createVoucher(t.app, shopId, { active: 0 });
    const cases: Array<[string, string, string]> = [
      ['NONESISTE', 'invalid', messages.voucher.invalid],
      [expired.code, 'expired', messages.voucher.expired],
      [future.code, 'not_started', messages.voucher.notStarted],
      [off.code, 'inactive', messages.voucher.invalid],
    ];
    for (const [code, type, message] of cases) {
      const cart = await cartOf(await apply(user, code));
      expect(cart.apply_voucher, code).toEqual({ type, message, discount_amount: 0 });
      expect(cart.vouchers).toEqual([]);
    }
    const empty = await call('POST', '/cart/vouchers/%20', user, { code: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(empty.json()).message).toBe(messages.voucher.codeRequired);
  });

  it('a code of another shop does not exist here', async () => {
    const otherShop = (await t.app.db.insertInto('shops').values({ name: 'Altra', created_at: 'x' }).returning('id').executeTakeFirstOrThrow()).id;
    const v = await createVoucher(t.app, otherShop);
    const user = await customerWith([[normal, 1]]);
    expect((await cartOf(await apply(user, v.code))).apply_voucher?.type).toBe('invalid');
  });

  it('with include_promo_product 0, discounts only the non-promo lines and checks the minimum on them', async () => {
    const v = await createVoucher(t.app, shopId, { kind: 'percent', value: 10, include_promo_product: 0, minimum_cart_total: 3000 });
    const user = await customerWith([[normal, 1], [promo, 2]]); // 20 € eligible, 60 € promo
    const below = await cartOf(await apply(user, v.code));
    expect(below.apply_voucher?.type).toBe('minimum_cart_total');
    await call('POST', `/cart/products/${normal.code}`, user, { quantity: 2 }); // 40 € eligible
    const ok = await cartOf(await apply(user, v.code));
    expect(ok.apply_voucher).toEqual({ type: 'success', message: messages.voucher.added, discount_amount: 4 });
    expect(ok.vouchers[0]).toMatchObject({ include_promo_product: 0, discount_amount: 4 });
    expect(ok.subTotal).toBe(100);

    const onlyPromo = await customerWith([[promo, 1]]);
    const anyMin = await createVoucher(t.app, shopId, { include_promo_product: 0 });
    expect((await cartOf(await apply(onlyPromo, anyMin.code))).apply_voucher).toEqual({
      type: 'no_eligible_products',
      message: messages.voucher.noEligibleProducts,
      discount_amount: 0,
    });
  });

  it('never takes off more than the eligible subtotal: the total due never goes negative', async () => {
    const v = await createVoucher(t.app, shopId, { kind: 'fixed', value: 100_000 });
    const user = await customerWith([[normal, 1]]);
    const cart = await cartOf(await apply(user, v.code));
    expect(cart.apply_voucher?.discount_amount).toBe(20);
    expect(cart.total - cart.apply_voucher!.discount_amount).toBe(0);
    const excl = await createVoucher(t.app, shopId, { kind: 'fixed', value: 100_000, include_promo_product: 0 });
    const mixed = await customerWith([[normal, 1], [promo, 1]]);
    expect((await cartOf(await apply(mixed, excl.code))).apply_voucher?.discount_amount).toBe(20);
  });

  it('free shipping takes the delivery price off, once a method is chosen', async () => {
    const v = await createVoucher(t.app, shopId, { code: `SPED${Date.now()}`, kind: 'free_shipping', value: 0 });
    const user = await customerWith([[normal, 1]]);
    const noMethod = await cartOf(await apply(user, v.code));
    expect(noMethod.apply_voucher).toEqual({ type: 'success', message: messages.voucher.added, discount_amount: 0 });
    const address = await call('POST', '/address', user, { name: 'Casa', address_1: 'Via Po 1', city: 'Torino', state_region: 'TO', postal_code: '10100' });
    const withCourier = await cartOf(
      await call('PUT', '/cart', user, { shippingType: 'address', address: address.json().data.id, shippingMethod: { type: 'corriere' }, paymentType: 'payOnline' }),
    );
    expect(withCourier).toMatchObject({ subTotal: 20, total: 25.9 });
    expect(withCourier.apply_voucher).toEqual({ type: 'success', message: messages.voucher.added, discount_amount: 5.9 });
  });

  it('replaces the voucher on the cart, giving the previous use back, and removes it with DELETE', async () => {
    const a = await createVoucher(t.app, shopId, { value: 5 });
    const b = await createVoucher(t.app, shopId, { value: 15 });
    const user = await customerWith([[normal, 1]]);
    await apply(user, a.code);
    const swapped = await cartOf(await apply(user, b.code));
    expect(swapped.vouchers.map((v) => v.id)).toEqual([b.id]);
    expect([await usesOf(a.id), await usesOf(b.id)]).toEqual([0, 1]);
    // A refused code leaves the applied one in place.
    const refused = await cartOf(await apply(user, 'NONESISTE'));
    expect(refused.apply_voucher?.type).toBe('invalid');
    expect(refused.vouchers.map((v) => v.id)).toEqual([b.id]);

    const stranger = await customerWith([[normal, 1]]);
    expect((await call('DELETE', `/cart/vouchers/${b.id}`, stranger)).statusCode).toBe(404);
    expect((await call('DELETE', `/cart/vouchers/${a.id}`, user)).statusCode).toBe(404);
    const removed = await cartOf(await call('DELETE', `/cart/vouchers/${b.id}`, user));
    expect(removed).toMatchObject({ vouchers: [], apply_voucher: null });
    expect(await usesOf(b.id)).toBe(0);
  });

  it('counts uses per account: a once-per-customer code works again only after removal, never after an order', async () => {
    const v = await createVoucher(t.app, shopId, { per_customer_limit: 1 });
    const user = await customerWith([[normal, 1]]);
    expect((await cartOf(await apply(user, v.code))).apply_voucher?.type).toBe('success');
    await call('DELETE', `/cart/vouchers/${v.id}`, user);
    expect((await cartOf(await apply(user, v.code))).apply_voucher?.type).toBe('success');
    // The checkout turns the reservation into the order's redemption.
    const cart = await cartOf(await call('GET', '/cart', user));
    expect(await redeemCartVoucher(t.app.db, cart.id, 424242)).toBe(v.id);
    const again = await cartOf(await apply(user, v.code));
    expect(again.apply_voucher).toEqual({ type: 'already_used', message: messages.voucher.alreadyUsed, discount_amount: 0 });
    expect((await cartOf(await apply(await customerWith([[normal, 1]]), v.code))).apply_voucher?.type).toBe('success');
  });

  it('clearing the cart gives the use back', async () => {
    const v = await createVoucher(t.app, shopId, { total_limit: 1 });
    const user = await customerWith([[normal, 1]]);
    const cart = await cartOf(await apply(user, v.code));
    expect(await usesOf(v.id)).toBe(1);
    await cartOf(await call('DELETE', `/cart/${cart.id}`, user));
    expect(await usesOf(v.id)).toBe(0);
  });

  it('holds a total limit of 1 under 20 concurrent applications by 20 customers: exactly one succeeds', async () => {
    const v = await createVoucher(t.app, shopId, { total_limit: 1 });
    const customers = await Promise.all(Array.from({ length: 20 }, () => customerWith([[normal, 1]])));
    const carts = await Promise.all(customers.map(async (c) => cartOf(await apply(c, v.code))));
    const types = carts.map((c) => c.apply_voucher?.type);
    expect(types.filter((x) => x === 'success')).toHaveLength(1);
    expect(types.filter((x) => x === 'exhausted')).toHaveLength(19);
    expect(carts.find((c) => c.apply_voucher?.type === 'exhausted')?.apply_voucher?.message).toBe(messages.voucher.exhausted);
    expect(await usesOf(v.id)).toBe(1);
    const reserved = await t.app.db.selectFrom('voucher_redemptions').select('id').where('voucher_id', '=', v.id).execute();
    expect(reserved).toHaveLength(1);
  });

  it('holds a per-customer limit under 20 concurrent applications by the same customer', async () => {
    const v = await createVoucher(t.app, shopId, { per_customer_limit: 1, total_limit: 5 });
    const user = await customerWith([[normal, 1]]);
    const results = await Promise.all(Array.from({ length: 20 }, () => apply(user, v.code)));
    for (const r of results) expect(r.statusCode).toBe(200);
    expect(await usesOf(v.id)).toBe(1);
    const customerUses = await t.app.db
      .selectFrom('voucher_customer_uses')
      .select('uses')
      .where('voucher_id', '=', v.id)
      .where('user_id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(customerUses.uses).toBe(1);
    expect((await cartOf(await call('GET', '/cart', user))).vouchers.map((x) => x.id)).toEqual([v.id]);
  });
});
