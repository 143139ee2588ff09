import { beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../../test/build-test-app.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { cartOf, createProduct, createVoucher, customerCall, setShippingConfiguration, type TestProduct } from '../../../test/factories/cart.js';
import { insertOrder } from '../../../test/factories/orders.js';
import { bearer, type CreatedUser, createPharmacist, createUser, ensureShop, TEST_PASSWORD } from '../../../test/factories/users.js';
import { redeemCartVoucher, releaseOrderVoucher } from './vouchers.service.js';

/**
 * A cancelled order, or an erased account, gives its voucher use back exactly once (issue 19,
 * decision 0516): the voucher's total and the customer's count go down once, whatever the replays.
 */
describe(`voucher uses given back (${testEngine})`, () => {
  const t = useTestApp();
  let shopId: number;
  let product: TestProduct;
  let pharmacist: CreatedUser;

  beforeAll(async () => {
    shopId = await ensureShop(t.app);
    await setShippingConfiguration(t.app, shopId);
    product = await createProduct(t.app, { name: 'Integratore', priceCents: 2000 });
    pharmacist = await createPharmacist(t.app, shopId);
  });

  const usesOf = async (id: number) => {
    const total = (await t.app.db.selectFrom('vouchers').select('uses').where('id', '=', id).executeTakeFirstOrThrow()).uses;
    const mine = await t.app.db.selectFrom('voucher_customer_uses').select(['user_id', 'uses']).where('voucher_id', '=', id).execute();
    return { total, perCustomer: mine.reduce((s, r) => s + r.uses, 0) };
  };

  /** A customer whose order carries the voucher (applied in the cart, redeemed at checkout). */
  async function orderWithVoucher(voucherCode: string, status: 'finalizing' | 'confirmed') {
    const user = await createUser(t.app, { shopId });
    await customerCall(t.app, 'POST', `/cart/products/${product.code}`, user, { quantity: 1 });
    const cart = await cartOf(await customerCall(t.app, 'POST', `/cart/vouchers/${voucherCode}`, user, { code: voucherCode }));
    expect(cart.apply_voucher?.type).toBe('success');
    const order = await insertOrder(t.app, { userId: user.user.id, shopId, status });
    await redeemCartVoucher(t.app.db, cart.id, order.id);
    return { user, order };
  }

  it('the customer cancels: the use goes back once, however often the cancel is replayed', async () => {
    const v = await createVoucher(t.app, shopId, { total_limit: 2, per_customer_limit: 1 });
    const { user, order } = await orderWithVoucher(v.code, 'finalizing');
    // Someone else's use, which no replay may take away.
    await orderWithVoucher(v.code, 'finalizing');
    expect(await usesOf(v.id)).toEqual({ total: 2, perCustomer: 2 });
    const cancel = () => t.app.inject({ method: 'POST', url: `/api/order/${order.id}/cancel`, headers: bearer(user.token) });
    expect((await cancel()).statusCode).toBe(200);
    expect(await usesOf(v.id)).toEqual({ total: 1, perCustomer: 1 });
    expect((await cancel()).statusCode).toBe(409);
    expect(await releaseOrderVoucher(t.app.db, order.id)).toBeUndefined();
    expect(await usesOf(v.id)).toEqual({ total: 1, perCustomer: 1 });
    // The use is free again: another customer takes it.
    const other = await createUser(t.app, { shopId });
    await customerCall(t.app, 'POST', `/cart/products/${product.code}`, other, { quantity: 1 });
    expect((await cartOf(await customerCall(t.app, 'POST', `/cart/vouchers/${v.code}`, other, { code: v.code }))).apply_voucher?.type).toBe('success');
  });

  it('the pharmacist cancels: the use goes back once', async () => {
    const v = await createVoucher(t.app, shopId, { total_limit: 5 });
    const { order } = await orderWithVoucher(v.code, 'confirmed');
    const cancel = () => t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/cancel`, headers: bearer(pharmacist.token), payload: {} });
    expect((await cancel()).statusCode).toBe(200);
    expect((await cancel()).statusCode).toBe(409);
    expect(await usesOf(v.id)).toEqual({ total: 0, perCustomer: 0 });
  });

  it('an erased account gives back the voucher sitting in its cart', async () => {
    const v = await createVoucher(t.app, shopId, { total_limit: 1 });
    const user = await createUser(t.app, { shopId });
    await customerCall(t.app, 'POST', `/cart/products/${product.code}`, user, { quantity: 1 });
    await customerCall(t.app, 'POST', `/cart/vouchers/${v.code}`, user, { code: v.code });
    expect((await usesOf(v.id)).total).toBe(1);
    const erased = await t.app.inject({ method: 'DELETE', url: '/api/profile', headers: bearer(user.token), payload: { password: TEST_PASSWORD } });
    expect(erased.statusCode).toBe(200);
    expect((await usesOf(v.id)).total).toBe(0);
  });
});
