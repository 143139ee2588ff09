import {
  AdminOrderResponseSchema,
  ApiErrorBodySchema,
  CartResponseSchema,
  OrderDuplicateResponseSchema,
  OrderListResponseSchema,
  OrderResponseSchema,
  PaymentMethodsResponseSchema,
} from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { createProduct, createVoucher } from '../../../test/factories/cart.js';
import { finalizeOverApi, insertOrder, placeOrder } from '../../../test/factories/orders.js';
import { orderingShop } from '../../../test/factories/ordering-shop.js';
import { bearer, type CreatedUser, createPharmacist, createUser } from '../../../test/factories/users.js';

describe('customer orders', () => {
  let t: TestApp;
  let shopId: number;
  let customer: CreatedUser;
  let other: CreatedUser;
  let pharmacist: CreatedUser;

  beforeAll(async () => {
    ({ t, shopId, customer } = await orderingShop('Farmacia Ordini'));
    other = await createUser(t.app, { shopId });
    pharmacist = await createPharmacist(t.app, shopId);
  });
  afterAll(() => t.close());

  const call = (who: CreatedUser, method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(who.token) });

  it('lists only the own orders, last updated first', async () => {
    const owner = { userId: customer.user.id, shopId };
    const old = await insertOrder(t.app, { ...owner, updated_at: '2030-01-01T08:00:00.000Z' });
    const recent = await insertOrder(t.app, { ...owner, status: 'finalizing', updated_at: '2030-03-01T08:00:00.000Z' });
    const middle = await insertOrder(t.app, { ...owner, status: 'completed', updated_at: '2030-02-01T08:00:00.000Z' });
    await insertOrder(t.app, { userId: other.user.id, shopId });
    const res = await call(customer, 'GET', '/order');
    expect(res.statusCode).toBe(200);
    const { data } = OrderListResponseSchema.parse(res.json());
    expect(data.map((o) => o.id)).toEqual([recent.id, middle.id, old.id]);
    expect(data[0]).toMatchObject({ status: 'finalizing', subTotal: 25, total: 25, payment: { valid: 0 } });
    expect((await t.app.inject({ method: 'GET', url: '/api/order' })).statusCode).toBe(401);
  });

  it("answers 404 for another customer's order on every call, and changes nothing", async () => {
    const theirs = await insertOrder(t.app, { userId: other.user.id, shopId, status: 'finalizing' });
    for (const [method, url] of [
      ['GET', `/order/${theirs.id}`],
      ['GET', `/order/${theirs.id}/payment-methods`],
      ['POST', `/order/${theirs.id}/duplicate`],
      ['POST', `/order/${theirs.id}/payment-type/cashOnDelivery`],
      ['POST', `/order/${theirs.id}/confirm`],
      ['POST', `/order/${theirs.id}/cancel`],
      ['GET', `/payment/nexi/create/${theirs.id}`],
    ] as const) {
      const res = await call(customer, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe('Ordine non trovato.');
    }
    expect(OrderResponseSchema.parse((await call(other, 'GET', `/order/${theirs.id}`)).json()).data.status).toBe('finalizing');
  });

  it('offers the payment types of the order: its delivery type, offline only when settled at the pharmacy', async () => {
    const home = await insertOrder(t.app, { userId: customer.user.id, shopId, status: 'finalizing', delivery_type: 'address', shipping_type: 'address' });
    const methods = PaymentMethodsResponseSchema.parse((await call(customer, 'GET', `/order/${home.id}/payment-methods`)).json()).data;
    expect(Object.keys(methods).sort()).toEqual(['cashOnDelivery', 'gestpay', 'nexi', 'payOnline', 'paypal']);
    const rx = await insertOrder(t.app, { userId: customer.user.id, shopId, status: 'finalizing', requires_pharmacy_settlement: 1 });
    const offline = PaymentMethodsResponseSchema.parse((await call(customer, 'GET', `/order/${rx.id}/payment-methods`)).json()).data;
    expect(Object.keys(offline)).toEqual(['payInShop']);
  });

  it('changes the payment type in finalizing to one the order allows (spec §4)', async () => {
    const order = await insertOrder(t.app, { userId: customer.user.id, shopId, status: 'finalizing', payment_type: 'payInShop' });
    const ok = await call(customer, 'POST', `/order/${order.id}/payment-type/nexi`);
    expect(ok.statusCode).toBe(200);
    expect(OrderResponseSchema.parse(ok.json()).data.paymentType).toBe('nexi');
    const wrongDelivery = await call(customer, 'POST', `/order/${order.id}/payment-type/cashOnDelivery`);
    expect(wrongDelivery.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(wrongDelivery.json()).errors).toEqual({ paymentType: ['Metodo di pagamento non disponibile per questo ordine.'] });
    const rx = await insertOrder(t.app, { userId: customer.user.id, shopId, status: 'finalizing', requires_pharmacy_settlement: 1 });
    expect((await call(customer, 'POST', `/order/${rx.id}/payment-type/paypal`)).statusCode).toBe(422);
    expect((await call(customer, 'POST', `/order/${rx.id}/payment-type/bitcoin`)).statusCode).toBe(422);
  });

  it('confirm with nothing left to pay confirms even with an online type; cancel is final', async () => {
    const free = await insertOrder(t.app, { userId: customer.user.id, shopId, status: 'finalizing', payment_type: 'nexi', discount_cents: 2500 });
    const confirmed = OrderResponseSchema.parse((await call(customer, 'POST', `/order/${free.id}/confirm`)).json()).data;
    expect(confirmed).toMatchObject({ status: 'confirmed', payment: { valid: 1 } });

    const order = await insertOrder(t.app, { userId: customer.user.id, shopId, status: 'finalizing' });
    const cancelled = OrderResponseSchema.parse((await call(customer, 'POST', `/order/${order.id}/cancel`)).json()).data;
    expect(cancelled.status).toBe('cancelled');
    expect((await call(customer, 'POST', `/order/${order.id}/confirm`)).statusCode).toBe(409);
    expect((await call(customer, 'POST', `/order/${order.id}/cancel`)).statusCode).toBe(409);
  });

  it('reorder puts the available products back into the cart, capped at 10', async () => {
    const keep = await createProduct(t.app, { name: 'Vitamina C', priceCents: 800 });
    const gone = await createProduct(t.app, { name: 'Prodotto ritirato', priceCents: 500 });
    const id = await placeOrder(t.app, customer.token, { shippingType: 'inShop', shippingMethod: 'ritiro', paymentType: 'payInShop' }, [
      { product: keep, quantity: 6 },
      { product: gone, quantity: 1 },
    ]);
    await t.app.db.deleteFrom('products').where('codice_ministeriale', '=', gone.code).execute();
    await t.app.inject({ method: 'POST', url: `/api/cart/products/${keep.code}`, headers: bearer(customer.token), payload: { quantity: 7 } });
    const res = await call(customer, 'POST', `/order/${id}/duplicate`);
    expect(res.statusCode).toBe(200);
    expect(OrderDuplicateResponseSchema.parse(res.json())).toEqual({
      message: 'Prodotti aggiunti al carrello',
      data: { added: [keep.code], skipped: [gone.code] },
    });
    const cart = CartResponseSchema.parse((await call(customer, 'GET', '/cart')).json()).data;
    expect(cart.products.map((p) => [p.code, p.quantity])).toEqual([[keep.code, 10]]);
  });

  /** The pharmacist's finalize call with `body`, answered as is so a test can look at a refusal. */
  const finalize = (orderId: number, body: object) =>
    t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/finalize`, headers: bearer(pharmacist.token), payload: body });

  it('the pharmacist finalizes: final prices, unavailable and new lines, totals recomputed with delivery and voucher', async () => {
    const who = await createUser(t.app, { shopId });
    const voucher = await createVoucher(t.app, shopId, { kind: 'percent', value: 10, code: `FIN${Date.now().toString(36).toUpperCase()}` });
    const a = await createProduct(t.app, { name: 'Sciroppo', priceCents: 3000 });
    const b = await createProduct(t.app, { name: 'Spray nasale', priceCents: 2500 });
    const extra = await createProduct(t.app, { name: 'Garze sterili', priceCents: 450 });
    for (const [p, q] of [
      [a, 1],
      [b, 1],
    ] as const) {
      await t.app.inject({ method: 'POST', url: `/api/cart/products/${p.code}`, headers: bearer(who.token), payload: { quantity: q } });
    }
    await t.app.inject({ method: 'POST', url: `/api/cart/vouchers/${voucher.code}`, headers: bearer(who.token), payload: { code: voucher.code } });
    const addressId = (await t.app.inject({ method: 'POST', url: '/api/address', headers: bearer(who.token), payload: { name: 'Casa', address_1: 'Via Po 1', city: 'Torino', state_region: 'TO', postal_code: '10121' } })).json().data.id;
    const id = await placeOrder(t.app, who.token, { shippingType: 'address', shippingMethod: 'corriere', paymentType: 'payOnline', address: addressId }, []);
    const placed = OrderResponseSchema.parse((await call(who, 'GET', `/order/${id}`)).json()).data;
    // 55 € of products: free courier, 10% off.
    expect(placed).toMatchObject({ subTotal: 55, total: 55, discount_amount: 5.5, shippingMethod: { price: 0 } });

    const res = await finalizeOverApi(t.app, pharmacist.token, id, {
      products: [
        { code: a.code, quantity: 1, price: 28.5 },
        { code: extra.code, quantity: 2, price: 4.5 },
      ],
      delivery_date: '2030-04-10',
      info: 'Lo spray non è disponibile: aggiunte le garze richieste al telefono.',
    });
    const detail = AdminOrderResponseSchema.parse(res.json()).data;
    expect(detail.status).toBe('finalizing');
    const order = OrderResponseSchema.parse((await call(who, 'GET', `/order/${id}`)).json()).data;
    // 28,50 + 9,00 = 37,50: below 49 € the courier costs 5,90 again; 10% off the products.
    expect(order).toMatchObject({ subTotal: 37.5, total: 43.4, discount_amount: 3.75, totalQuantity: 3, shippingMethod: { price: 5.9 } });
    expect(order.products.map((p) => [p.name, p.quantity, p.price, p.total, p.unavailable])).toEqual([
      ['Sciroppo', 1, 28.5, 28.5, false],
      ['Garze sterili', 2, 4.5, 9, false],
      ['Spray nasale', 1, 25, 0, true],
    ]);
    expect(order).toMatchObject({ delivery_date: '2030-04-10', info: 'Lo spray non è disponibile: aggiunte le garze richieste al telefono.' });

    // Invalid final lines: a duplicate code, an unknown code without a name.
    const again = await insertOrder(t.app, { userId: who.user.id, shopId, status: 'managing' });
    const bad = await finalize(again.id, { products: [{ code: '012745093', quantity: 1, price: 1 }, { code: '012745093', quantity: 2, price: 1 }, { code: 'ZZ1', quantity: 1, price: 2.999 }] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(ApiErrorBodySchema.parse(bad.json()).errors ?? {}).sort()).toEqual(['products.2.price']);
    const badLines = await finalize(again.id, { products: [{ code: '012745093', quantity: 1, price: 1 }, { code: '012745093', quantity: 2, price: 1 }, { code: 'ZZ1', quantity: 1, price: 3 }] });
    expect(badLines.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(badLines.json()).errors).toEqual({
      'products.1.code': ['Il prodotto 012745093 compare più volte.'],
      'products.2.name': ['Indicare il nome del prodotto ZZ1.'],
    });
  });

  it('finalizing prescription-only medicines into an online-paid order needs an offline payment type', async () => {
    const rx = await createProduct(t.app, { name: 'Antibiotico', prescriptionOnly: true, priceCents: 900 });
    const order = await insertOrder(t.app, { userId: customer.user.id, shopId, status: 'managing', payment_type: 'nexi' });
    const refused = await finalize(order.id, { products: [{ code: rx.code, quantity: 1, price: 9 }] });
    expect(refused.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(refused.json()).errors?.paymentType).toHaveLength(1);
    const ok = await finalize(order.id, { products: [{ code: rx.code, quantity: 1, price: 9 }], paymentType: 'payInShop' });
    expect(ok.statusCode).toBe(200);
    expect(AdminOrderResponseSchema.parse(ok.json()).data).toMatchObject({ paymentType: 'payInShop', requires_pharmacy_settlement: true });
  });
});
