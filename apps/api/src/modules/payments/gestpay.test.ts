import { cardSubmitBody, cardFormSchema } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxControlHeaders, type TestApp } from '../../../test/build-test-app.js';
import { orderingShop } from '../../../test/factories/ordering-shop.js';
import * as pay from '../../../test/factories/payments.js';
import type { CreatedUser } from '../../../test/factories/users.js';
import { GESTPAY_TEST_CARDS } from '../../payments/sandbox/gestpay-sandbox.js';

/**
 * Axerve (GestPay) REST against the built-in sandbox: payment/create with the API key, the card
 * posted by the "browser" straight to payment/submit with the paymentToken header (the card never
 * reaches our API), 3-D Secure, and the server-to-server call verified through payment/detail.
 */
describe('Axerve (GestPay) through the sandbox', () => {
  let t: TestApp;
  let shopId: number;
  let customer: CreatedUser;

  beforeAll(async () => {
    ({ t, shopId, customer } = await orderingShop('Farmacia Axerve', 'Paola Neri'));
  });
  afterAll(() => t.close());

  const owner = () => ({ userId: customer.user.id, shopId });
  const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');

  /** What the card form does: create, then post the card to `submit` with the paymentToken header. */
  async function payByCard(orderId: number, number: string, method = 'payOnline') {
    const { body } = await pay.createPaymentOver(t.app, customer.token, method, orderId);
    expect(body?.error.code).toBe('0');
    const payload = body?.payload as { paymentToken: string; paymentID: string; shopLogin: string; buyer: { name: string; email: string } };
    const card = cardFormSchema().parse({ holder: 'Paola Neri', number, month: '7', year: nextYear, cvv: '123' });
    const submit = await t.app.inject({
      method: 'POST',
      url: pay.pathOf(body?.submit as string),
      headers: { paymenttoken: payload.paymentToken, 'content-type': 'application/json' },
      payload: cardSubmitBody(card, payload.shopLogin, payload.buyer),
    });
    return { payload, submit, submitUrl: body?.submit as string, answer: submit.json() as { error: { code: string }; payload: Record<string, unknown> & { userRedirect: { href: string } } } };
  }

  it('creates the payment server-side: paymentToken and paymentID for the card form, amount from the order', async () => {
    const order = await pay.finalizingOrder(t.app, owner(), 'payOnline', { total_cents: 3990, discount_cents: 500 });
    const { body } = await pay.createPaymentOver(t.app, customer.token, 'payOnline', order.id);
    expect(body?.submit).toBe('/sandbox/gestpay/api/v1/payment/submit');
    expect(body?.payload).toMatchObject({
      shopLogin: `GESPAY${String(shopId).padStart(5, '0')}`,
      amount: '34.90',
      currency: 'EUR',
      buyer: { name: 'Paola Neri', email: customer.user.email },
    });
    expect(String(body?.payload?.paymentToken)).toMatch(/^[0-9a-f]{32}$/);
    expect(String(body?.payload?.paymentID)).toMatch(/^\d{11}$/);
    const [payment] = await pay.paymentsOf(t.app, order.id);
    expect(payment).toMatchObject({ provider: 'gestpay', payment_type: 'payOnline', amount_cents: 3490, status: 'created' });
  });

  it('approved card: the server-to-server call, checked with payment/detail, pays and confirms', async () => {
    const order = await pay.finalizingOrder(t.app, owner(), 'payOnline');
    const { answer, payload } = await payByCard(order.id, '4111 1111 1111 1111');
    expect(answer.error.code).toBe('0');
    expect(answer.payload).toMatchObject({ transactionResult: 'OK', paymentID: payload.paymentID, maskedPAN: '411111******1111' });
    expect(await pay.orderRow(t.app, order.id)).toMatchObject({ status: 'confirmed', payment_valid: 1 });
    expect((await pay.paymentIdOver(t.app, customer.token, 'payOnline', payload.paymentID)).body).toEqual({ order_id: order.id, valid: 1 });
    expect((await pay.orderEventsOf(t.app, order.id)).at(-1)).toMatchObject({ to_status: 'confirmed', actor_role: 'payment' });
    // The card number is nowhere in what our server stored.
    const stored = JSON.stringify([await pay.paymentsOf(t.app, order.id), await pay.paymentEventsOf(t.app, order.id)]);
    expect(stored).not.toContain('4111111111111111');
  });

  it('declined card: KO, the order waits for another attempt', async () => {
    const order = await pay.finalizingOrder(t.app, owner(), 'gestpay');
    const { answer } = await payByCard(order.id, GESTPAY_TEST_CARDS.declined, 'gestpay');
    expect(answer.payload).toMatchObject({ transactionResult: 'KO', transactionErrorCode: '74' });
    expect(await pay.orderRow(t.app, order.id)).toMatchObject({ status: 'finalizing', payment_valid: 0 });
    expect((await pay.paymentsOf(t.app, order.id))[0]?.status).toBe('refused');
  });

  it('3-D Secure: the redirect page authorises, the buyer lands on payment-end with status OK and the paymentID', async () => {
    const order = await pay.finalizingOrder(t.app, owner(), 'payOnline');
    const { answer, payload } = await payByCard(order.id, GESTPAY_TEST_CARDS.threeDSecure);
    expect(answer.payload).toMatchObject({ transactionErrorCode: '8006' });
    const href = answer.payload.userRedirect.href as string;
    expect(pay.queryOf(href)).toEqual({ a: payload.shopLogin, b: payload.paymentToken });
    // Not paid before the bank's authentication.
    expect(await pay.orderRow(t.app, order.id)).toMatchObject({ payment_valid: 0 });
    const page = await t.app.inject({ method: 'GET', url: pay.pathOf(href) });
    expect(page.statusCode).toBe(200);
    const done = await pay.postForm(t.app, href.split('?')[0] as string, { a: payload.shopLogin, b: payload.paymentToken, decision: 'approve' });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(
      `/app/payment-end?status=OK&paymentMethod=payOnline&paymentID=${payload.paymentID}`,
    );
    expect(await pay.orderRow(t.app, order.id)).toMatchObject({ status: 'confirmed', payment_valid: 1 });
  });

  it('3-D Secure refused: back with status KO, not paid', async () => {
    const order = await pay.finalizingOrder(t.app, owner(), 'payOnline');
    const { answer, payload } = await payByCard(order.id, GESTPAY_TEST_CARDS.threeDSecure);
    const href = answer.payload.userRedirect.href as string;
    const done = await pay.postForm(t.app, href.split('?')[0] as string, { a: payload.shopLogin, b: payload.paymentToken, decision: 'refuse' });
    expect(pay.queryOf(done.headers.location as string)).toMatchObject({ status: 'KO', paymentID: payload.paymentID });
    expect(await pay.orderRow(t.app, order.id)).toMatchObject({ status: 'finalizing', payment_valid: 0 });
  });

  it('pending at the bank: nothing confirmed until the bank answers, then the notification confirms', async () => {
    const order = await pay.finalizingOrder(t.app, owner(), 'payOnline');
    const { answer, payload } = await payByCard(order.id, GESTPAY_TEST_CARDS.pending);
    expect(answer.payload.transactionResult).toBe('XX');
    // The outcome screen asks: the detail says pending, so still not valid.
    expect((await pay.paymentIdOver(t.app, customer.token, 'payOnline', payload.paymentID)).body).toEqual({ order_id: order.id, valid: 0 });
    expect((await pay.paymentsOf(t.app, order.id))[0]?.status).toBe('pending');
    const settle = await t.app.inject({
      method: 'POST',
      url: '/sandbox/control/settle', headers: sandboxControlHeaders,
      payload: { provider: 'gestpay', ref: payload.paymentID, outcome: 'approved' },
    });
    expect(settle.statusCode).toBe(200);
    expect(await pay.orderRow(t.app, order.id)).toMatchObject({ status: 'confirmed', payment_valid: 1 });
  });

  it('replayed notification changes nothing; forged ones (unknown payment, other shopLogin) are refused and logged', async () => {
    const order = await pay.finalizingOrder(t.app, owner(), 'payOnline');
    const { payload } = await payByCard(order.id, GESTPAY_TEST_CARDS.approved);
    const before = await pay.orderRow(t.app, order.id);
    const replay = await t.app.inject({ method: 'GET', url: `/api/payment/gestpay/notify?a=${payload.shopLogin}&b=${payload.paymentID}` });
    expect(replay.statusCode).toBe(200);
    expect(await pay.orderRow(t.app, order.id)).toEqual(before);
    expect((await pay.paymentEventsOf(t.app, order.id)).at(-1)).toMatchObject({ outcome: 'replayed' });

    const other = await pay.finalizingOrder(t.app, owner(), 'payOnline');
    const { body } = await pay.createPaymentOver(t.app, customer.token, 'payOnline', other.id);
    const paymentID = String(body?.payload?.paymentID);
    const wrongShop = await t.app.inject({ method: 'GET', url: `/api/payment/gestpay/notify?a=GESPAY99999&b=${paymentID}` });
    expect(wrongShop.statusCode).toBe(400);
    // A genuine shopLogin for a payment the card never paid: the detail says not paid, nothing changes.
    const early = await t.app.inject({ method: 'GET', url: `/api/payment/gestpay/notify?a=${payload.shopLogin}&b=${paymentID}` });
    expect(early.statusCode).toBe(200);
    expect(await pay.orderRow(t.app, other.id)).toMatchObject({ status: 'finalizing', payment_valid: 0 });
    const unknown = await t.app.inject({ method: 'GET', url: `/api/payment/gestpay/notify?a=${payload.shopLogin}&b=00000000000` });
    expect(unknown.statusCode).toBe(400);
    expect((await pay.paymentEventsOf(t.app, other.id)).map((e) => [e.source, e.outcome, e.reason])).toEqual([
      ['create', 'accepted', null],
      ['notification', 'refused', 'shopLogin diverso'],
      ['notification', 'ignored', 'nessun esito'],
    ]);
  });

  it('the submit refuses an unknown paymentToken and a malformed card', async () => {
    const order = await pay.finalizingOrder(t.app, owner(), 'payOnline');
    const { submitUrl, payload } = await payByCard(order.id, GESTPAY_TEST_CARDS.approved);
    const unknownToken = await t.app.inject({
      method: 'POST',
      url: pay.pathOf(submitUrl),
      headers: { paymenttoken: 'nope' },
      payload: { shopLogin: payload.shopLogin, buyer: payload.buyer, paymentTypeDetails: { creditcard: { number: '4111111111111111', expMonth: '07', expYear: nextYear, CVV: '123' } } },
    });
    expect(unknownToken.statusCode).toBe(400);
    expect(unknownToken.json().error.code).toBe('1137');
  });
});
