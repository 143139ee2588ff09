import { PaymentMethodsResponseSchema } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { setOrderShipping } from '../../../test/factories/orders.js';
import { orderingShop } from '../../../test/factories/ordering-shop.js';
import { createPaymentOver, finalizingOrder, paymentIdOver, paymentsOf } from '../../../test/factories/payments.js';
import { bearer, type CreatedUser, createShop, createUser } from '../../../test/factories/users.js';

describe('payments: methods, create and payment-id', () => {
  let t: TestApp;
  let shopId: number;
  let customer: CreatedUser;
  let stranger: CreatedUser;

  beforeAll(async () => {
    ({ t, shopId, customer } = await orderingShop('Farmacia Pagamenti'));
    stranger = await createUser(t.app, { shopId });
  });
  afterAll(() => t.close());

  const owner = () => ({ userId: customer.user.id, shopId });

  it('GET /payment/methods: the map keyed by type from the shop configuration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payment/methods', headers: bearer(customer.token) });
    expect(res.statusCode).toBe(200);
    const { data } = PaymentMethodsResponseSchema.parse(res.json());
    expect(Object.keys(data).sort()).toEqual(['cashOnDelivery', 'gestpay', 'nexi', 'payInShop', 'payOnline', 'paypal']);
    expect(data.payInShop).toEqual({
      type: 'payInShop',
      label: 'Pagamento in farmacia',
      description: 'Paghi al ritiro',
      shippingType: ['inShop', 'pickupPoint'],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/payment/methods' })).statusCode).toBe(401);
  });

  it('creates a payment only for an order that can be paid online (spec §4), else 409', async () => {
    const cases: Array<[string, Parameters<typeof finalizingOrder>[3], string, string]> = [
      ['not finalizing', { status: 'managing' }, 'nexi', 'ORDER_NOT_PAYABLE'],
      ['already paid', { payment_valid: 1 }, 'nexi', 'ORDER_NOT_PAYABLE'],
      ['settled at the pharmacy', { requires_pharmacy_settlement: 1 }, 'nexi', 'ORDER_NOT_PAYABLE'],
      ['another provider', {}, 'paypal', 'PAYMENT_METHOD_MISMATCH'],
      ['nothing to pay', { discount_cents: 2500 }, 'nexi', 'ORDER_NOT_PAYABLE'],
    ];
    for (const [label, over, method, code] of cases) {
      const order = await finalizingOrder(t.app, owner(), 'nexi', over);
      const { res } = await createPaymentOver(t.app, customer.token, method, order.id);
      expect(res.statusCode, label).toBe(409);
      expect(res.json().code, label).toBe(code);
      expect(await paymentsOf(t.app, order.id), label).toEqual([]);
    }
    const offline = await finalizingOrder(t.app, owner(), 'payInShop');
    expect((await createPaymentOver(t.app, customer.token, 'payInShop', offline.id)).res.statusCode).toBe(409);
    expect((await createPaymentOver(t.app, customer.token, 'bitcoin', offline.id)).res.statusCode).toBe(422);
  });

  it("another customer's order and payment are not found", async () => {
    const order = await finalizingOrder(t.app, owner(), 'nexi');
    expect((await createPaymentOver(t.app, stranger.token, 'nexi', order.id)).res.statusCode).toBe(404);
    const { body } = await createPaymentOver(t.app, customer.token, 'nexi', order.id);
    const codTrans = String(body?.payload?.codTrans);
    expect((await paymentIdOver(t.app, stranger.token, 'nexi', codTrans)).res.statusCode).toBe(404);
    expect((await paymentIdOver(t.app, customer.token, 'nexi', 'F1TNOPE')).res.statusCode).toBe(404);
    expect((await paymentIdOver(t.app, customer.token, 'nexi', codTrans)).body).toEqual({ order_id: order.id, valid: 0 });
  });

  it('answers the provider error in the body when the provider is not configured (live mode)', async () => {
    const live = await buildTestApp({ paymentMode: 'live' });
    try {
      const shop = await createShop(live.app, 'Farmacia Live');
      await setOrderShipping(live.app, shop);
      const who = await createUser(live.app, { shopId: shop });
      const order = await finalizingOrder(live.app, { userId: who.user.id, shopId: shop }, 'paypal');
      const { res, body } = await createPaymentOver(live.app, who.token, 'paypal', order.id);
      expect(res.statusCode).toBe(200);
      expect(body).toEqual({
        error: { code: 'CONFIG', description: 'Metodo di pagamento non configurato dalla farmacia' },
        submit: null,
        payload: null,
      });
      // The app's page policy lets the card form and the Nexi form reach the providers.
      const csp = String((await live.app.inject({ method: 'GET', url: '/app/checkout' })).headers['content-security-policy']);
      expect(csp).toContain("connect-src 'self' https://ecomms2s.sella.it https://sandbox.gestpay.net");
      expect(csp).toContain("form-action 'self' https://ecommerce.nexi.it https://int-ecommerce.nexi.it");
      // No sandbox in live mode.
      expect((await live.app.inject({ method: 'GET', url: '/sandbox/paypal/checkoutnow?token=x' })).statusCode).toBe(404);
    } finally {
      await live.close();
    }
  });
});
