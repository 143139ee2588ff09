import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxControlHeaders, type TestApp } from '../../../test/build-test-app.js';
import { orderingShop } from '../../../test/factories/ordering-shop.js';
import * as pay from '../../../test/factories/payments.js';
import type { CreatedUser } from '../../../test/factories/users.js';
import { resolveProviderConfigs, sandboxSecret } from '../../payments/config.js';

/**
 * PayPal Orders v2 against the built-in sandbox: OAuth2, order creation with the order's amount,
 * the buyer's approval, the server's capture (the statement that confirms), signature-checked
 * webhooks; pending, declined, cancelled, replayed and forged cases.
 */
describe('PayPal through the sandbox', () => {
  let t: TestApp;
  let shopId: number;
  let customer: CreatedUser;

  beforeAll(async () => {
    ({ t, shopId, customer } = await orderingShop('Farmacia PayPal'));
  });
  afterAll(() => t.close());

  const owner = () => ({ userId: customer.user.id, shopId });

  /** Create → approval page → a button; answers the PayPal order id and where the buyer goes. */
  async function approveWith(orderId: number, decision: 'approve' | 'pending' | 'declined' | 'cancel') {
    const { body } = await pay.createPaymentOver(t.app, customer.token, 'paypal', orderId);
    expect(body?.error.code).toBe('0');
    const token = String(body?.payload?.token);
    expect(body?.submit).toBe(`/sandbox/paypal/checkoutnow?token=${token}`);
    const page = await t.app.inject({ method: 'GET', url: pay.pathOf(body?.submit as string) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('25,00');
    const decided = await pay.postForm(t.app, '/sandbox/paypal/checkoutnow', { token, decision });
    expect(decided.statusCode).toBe(303);
    return { token, location: decided.headers.location as string };
  }

  it('approve: the webhook makes the server capture, the capture confirms the order', async () => {
    const order = await pay.finalizingOrder(t.app, owner(), 'paypal');
    const { token, location } = await approveWith(order.id, 'approve');
    expect(pay.queryOf(location)).toMatchObject({ status: 'OK', paymentMethod: 'paypal', token });
    expect(location.startsWith('/app/payment-end?')).toBe(true);
    expect(await pay.orderRow(t.app, order.id)).toMatchObject({ status: 'confirmed', payment_valid: 1 });
    expect((await pay.paymentIdOver(t.app, customer.token, 'paypal', token)).body).toEqual({ order_id: order.id, valid: 1 });
    const [payment] = await pay.paymentsOf(t.app, order.id);
    expect(payment).toMatchObject({ status: 'approved', provider_ref: token, amount_cents: 2500 });
    expect((await pay.orderEventsOf(t.app, order.id)).filter((e) => e.to_status === 'confirmed')).toHaveLength(1);
    // Both webhooks (approved, capture completed) arrived; the second found the payment already recorded.
    const sources = (await pay.paymentEventsOf(t.app, order.id)).map((e) => [e.source, e.outcome]);
    expect(sources).toContainEqual(['webhook', 'accepted']);
    expect(sources).toContainEqual(['webhook', 'replayed']);
  });

  it('without webhooks, the outcome screen asks and the server captures (a closed tab loses nothing)', async () => {
    const order = await pay.finalizingOrder(t.app, owner(), 'paypal');
    const { body } = await pay.createPaymentOver(t.app, customer.token, 'paypal', order.id);
    const token = String(body?.payload?.token);
    // The buyer approved, but the webhook never reached us: mark the order approved directly in the sandbox ledger.
    await t.app.db.updateTable('payment_sandbox').set({ state: 'approved' }).where('ref', '=', token).execute();
    expect(await pay.orderRow(t.app, order.id)).toMatchObject({ payment_valid: 0 });
    expect((await pay.paymentIdOver(t.app, customer.token, 'paypal', token)).body).toEqual({ order_id: order.id, valid: 1 });
    expect(await pay.orderRow(t.app, order.id)).toMatchObject({ status: 'confirmed' });
  });

  it('cancel: back with KO, nothing paid', async () => {
    const order = await pay.finalizingOrder(t.app, owner(), 'paypal');
    const { token, location } = await approveWith(order.id, 'cancel');
    expect(pay.queryOf(location)).toMatchObject({ status: 'KO', paymentMethod: 'paypal', token });
    expect((await pay.paymentIdOver(t.app, customer.token, 'paypal', token)).body).toEqual({ order_id: order.id, valid: 0 });
    expect(await pay.orderRow(t.app, order.id)).toMatchObject({ status: 'finalizing', payment_valid: 0 });
  });

  it('a capture left pending confirms only when PayPal completes it', async () => {
    const order = await pay.finalizingOrder(t.app, owner(), 'paypal');
    const { token } = await approveWith(order.id, 'pending');
    expect(await pay.orderRow(t.app, order.id)).toMatchObject({ status: 'finalizing', payment_valid: 0 });
    expect((await pay.paymentsOf(t.app, order.id))[0]?.status).toBe('pending');
    const settle = await t.app.inject({ method: 'POST', url: '/sandbox/control/settle', headers: sandboxControlHeaders, payload: { provider: 'paypal', ref: token, outcome: 'approved' } });
    expect(settle.statusCode).toBe(200);
    expect(await pay.orderRow(t.app, order.id)).toMatchObject({ status: 'confirmed', payment_valid: 1 });
  });

  it('a declined funding source refuses the payment', async () => {
    const order = await pay.finalizingOrder(t.app, owner(), 'paypal');
    await approveWith(order.id, 'declined');
    expect((await pay.paymentsOf(t.app, order.id))[0]?.status).toBe('refused');
    expect(await pay.orderRow(t.app, order.id)).toMatchObject({ status: 'finalizing', payment_valid: 0 });
  });

  /** A webhook as the sandbox signs it (what PayPal's verify-webhook-signature accepts). */
  async function signedWebhook(event: object, webhookId?: string) {
    const config = (await resolveProviderConfigs(t.app, shopId)).paypal;
    const body = JSON.stringify(event);
    const id = randomUUID();
    const time = new Date().toISOString();
    const sig = createHmac('sha256', sandboxSecret(t.app)).update(`${id}|${time}|${webhookId ?? config?.webhookId}|${body}`).digest('hex');
    return t.app.inject({
      method: 'POST',
      url: '/api/payment/paypal/webhook',
      headers: {
        'content-type': 'application/json',
        'paypal-transmission-id': id,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': sig,
        'paypal-cert-url': 'https://api.paypal.com/cert',
        'paypal-auth-algo': 'SHA256withRSA',
      },
      payload: body,
    });
  }

  it('refuses forged webhooks and logs them; a genuine replay changes nothing', async () => {
    const order = await pay.finalizingOrder(t.app, owner(), 'paypal');
    const { body } = await pay.createPaymentOver(t.app, customer.token, 'paypal', order.id);
    const token = String(body?.payload?.token);
    const event = {
      id: 'WH-FORGED',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource_type: 'capture',
      resource: { id: 'CAP1', status: 'COMPLETED', amount: { currency_code: 'EUR', value: '25.00' }, supplementary_data: { related_ids: { order_id: token } } },
    };
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payment/paypal/webhook',
      headers: { 'content-type': 'application/json', 'paypal-transmission-id': 'x', 'paypal-transmission-sig': 'bad' },
      payload: event,
    });
    expect(forged.statusCode).toBe(400);
    // Signed for another webhook id: not ours either.
    expect((await signedWebhook(event, 'WH-SOMEONE-ELSE')).statusCode).toBe(400);
    // Genuinely signed, but PayPal's own order says it is not paid: nothing changes.
    expect((await signedWebhook(event)).statusCode).toBe(200);
    expect(await pay.orderRow(t.app, order.id)).toMatchObject({ status: 'finalizing', payment_valid: 0 });
    expect((await pay.paymentEventsOf(t.app, order.id)).map((e) => [e.outcome, e.reason])).toEqual([
      ['accepted', null],
      ['refused', 'firma del webhook non valida'],
      ['refused', 'firma del webhook non valida'],
      ['ignored', 'nessun esito'],
    ]);

    const paid = await pay.finalizingOrder(t.app, owner(), 'paypal');
    const { token: paidToken } = await approveWith(paid.id, 'approve');
    const before = await pay.orderRow(t.app, paid.id);
    const replay = await signedWebhook({ ...event, resource: { ...event.resource, supplementary_data: { related_ids: { order_id: paidToken } } } });
    expect(replay.statusCode).toBe(200);
    expect(await pay.orderRow(t.app, paid.id)).toEqual(before);
    expect((await pay.paymentEventsOf(t.app, paid.id)).at(-1)).toMatchObject({ source: 'webhook', outcome: 'replayed' });
  });

  it('a webhook about an order we never created is refused', async () => {
    const res = await signedWebhook({
      id: 'WH-X',
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource_type: 'checkout-order',
      resource: { id: 'NOTOURS123' },
    });
    expect(res.statusCode).toBe(400);
    const logged = await t.app.db.selectFrom('payment_events').selectAll().where('provider_ref', '=', 'NOTOURS123').execute();
    expect(logged).toMatchObject([{ outcome: 'refused', reason: 'pagamento sconosciuto' }]);
  });
});
