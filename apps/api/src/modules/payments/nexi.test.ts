import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxControlHeaders, type TestApp } from '../../../test/build-test-app.js';
import { orderingShop } from '../../../test/factories/ordering-shop.js';
import * as pay from '../../../test/factories/payments.js';
import type { CreatedUser } from '../../../test/factories/users.js';
import { resolveProviderConfigs } from '../../payments/config.js';
import { nexiOutcomeMac } from '../../payments/nexi.js';

/**
 * Nexi XPay hosted payment page against the built-in sandbox: the signed form, the page's
 * buttons, the MAC-signed urlpost notification (the only thing that confirms an order), the
 * browser's return, and what happens to refused, pending, replayed and forged notifications.
 */
describe('Nexi XPay through the sandbox', () => {
  let t: TestApp;
  let shopId: number;
  let customer: CreatedUser;
  let macKey: string;

  beforeAll(async () => {
    ({ t, shopId, customer } = await orderingShop('Farmacia Nexi'));
    macKey = (await resolveProviderConfigs(t.app, shopId)).nexi?.macKey as string;
  });
  afterAll(() => t.close());

  const owner = () => ({ userId: customer.user.id, shopId });

  /** Create → Nexi page → a button; answers the redirect the browser follows and the codTrans. */
  async function payWith(orderId: number, decision: 'approve' | 'refuse' | 'pending' | 'cancel') {
    const { body } = await pay.createPaymentOver(t.app, customer.token, 'nexi', orderId);
    expect(body?.error).toEqual({ code: '0', description: 'OK' });
    const payload = body?.payload as Record<string, string>;
    const page = await pay.postForm(t.app, body?.submit as string, payload);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('25,00');
    const decided = await pay.postForm(t.app, new URL('decision', new URL(body?.submit as string, 'http://localhost:8080')).pathname, { codTrans: payload.codTrans, decision });
    expect(decided.statusCode).toBe(303);
    return { codTrans: payload.codTrans as string, location: decided.headers.location as string, payload };
  }

  it('signs the request as Nexi wants it: alias, importo in cents, divisa, codTrans, urls and MAC', async () => {
    const order = await pay.finalizingOrder(t.app, owner(), 'nexi');
    const { body } = await pay.createPaymentOver(t.app, customer.token, 'nexi', order.id);
    const p = body?.payload as Record<string, string>;
    expect(body?.submit).toBe('/sandbox/nexi/ecomm/ecomm/DispatcherServlet');
    expect(p).toMatchObject({ alias: `ALIAS_SANDBOX_${shopId}`, importo: '2500', divisa: 'EUR' });
    expect(p.codTrans).toMatch(new RegExp(`^F${order.id}T[A-Z0-9]+$`));
    expect(p.codTrans?.length).toBeLessThanOrEqual(30);
    expect(p.url).toBe('http://localhost:8080/api/payment/nexi/return');
    expect(p.url_back).toBe('http://localhost:8080/api/payment/nexi/back');
    expect(p.urlpost).toBe('http://localhost:8080/api/payment/nexi/notify');
    const { createHash } = await import('node:crypto');
    expect(p.mac).toBe(createHash('sha1').update(`codTrans=${p.codTrans}divisa=EURimporto=2500${macKey}`).digest('hex'));
    // A tampered amount is refused by the hosted page.
    const tampered = await pay.postForm(t.app, body?.submit as string, { ...p, importo: '1' });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.body).toContain('Errore MAC');
  });

  it('approve: the urlpost notification pays and confirms the order; the return shows status OK', async () => {
    const order = await pay.finalizingOrder(t.app, owner(), 'nexi');
    const { codTrans, location } = await payWith(order.id, 'approve');
    // The notification arrived before the buyer is back.
    expect(await pay.orderRow(t.app, order.id)).toMatchObject({ status: 'confirmed', payment_valid: 1 });
    expect(location.startsWith('/api/payment/nexi/return?')).toBe(true);
    const back = await t.app.inject({ method: 'GET', url: pay.pathOf(location) });
    expect(back.statusCode).toBe(303);
    expect(pay.queryOf(back.headers.location as string)).toEqual({ status: 'OK', paymentMethod: 'nexi', codTrans });
    expect(back.headers.location?.startsWith('/app/payment-end?')).toBe(true);
    expect((await pay.paymentIdOver(t.app, customer.token, 'nexi', codTrans)).body).toEqual({ order_id: order.id, valid: 1 });
    const events = await pay.orderEventsOf(t.app, order.id);
    expect(events.at(-1)).toMatchObject({ from_status: 'finalizing', to_status: 'confirmed', actor_role: 'payment', actor_user_id: null });
    const [payment] = await pay.paymentsOf(t.app, order.id);
    expect(payment).toMatchObject({ status: 'approved', amount_cents: 2500, provider: 'nexi', provider_ref: codTrans });
    expect(payment?.authorization_code).toMatch(/^[A-Z0-9]{6}$/);
  });

  it('refuse: the order stays to be paid, the return shows KO, a new attempt can pay it', async () => {
    const order = await pay.finalizingOrder(t.app, owner(), 'nexi');
    const first = await payWith(order.id, 'refuse');
    expect(await pay.orderRow(t.app, order.id)).toMatchObject({ status: 'finalizing', payment_valid: 0 });
    const back = await t.app.inject({ method: 'GET', url: pay.pathOf(first.location) });
    expect(pay.queryOf(back.headers.location as string).status).toBe('KO');
    expect((await pay.paymentIdOver(t.app, customer.token, 'nexi', first.codTrans)).body).toEqual({ order_id: order.id, valid: 0 });

    const second = await payWith(order.id, 'approve');
    expect(second.codTrans).not.toBe(first.codTrans);
    expect(await pay.orderRow(t.app, order.id)).toMatchObject({ status: 'confirmed', payment_valid: 1 });
    expect((await pay.paymentsOf(t.app, order.id)).map((p) => p.status)).toEqual(['refused', 'approved']);
  });

  it('pending (PEN): waits for the bank, the return shows no status; the late OK confirms', async () => {
    const order = await pay.finalizingOrder(t.app, owner(), 'nexi');
    const { codTrans, location } = await payWith(order.id, 'pending');
    expect(await pay.orderRow(t.app, order.id)).toMatchObject({ status: 'finalizing', payment_valid: 0 });
    expect((await pay.paymentsOf(t.app, order.id))[0]?.status).toBe('pending');
    const back = await t.app.inject({ method: 'GET', url: pay.pathOf(location) });
    expect(pay.queryOf(back.headers.location as string)).toEqual({ paymentMethod: 'nexi', codTrans });

    const settle = await t.app.inject({ method: 'POST', url: '/sandbox/control/settle', headers: sandboxControlHeaders, payload: { provider: 'nexi', ref: codTrans, outcome: 'approved' } });
    expect(settle.statusCode).toBe(200);
    expect(await pay.orderRow(t.app, order.id)).toMatchObject({ status: 'confirmed', payment_valid: 1 });
  });

  it('cancel on the hosted page: back to the app with KO, nothing changes', async () => {
    const order = await pay.finalizingOrder(t.app, owner(), 'nexi');
    const { codTrans, location } = await payWith(order.id, 'cancel');
    expect(location.startsWith('/api/payment/nexi/back?')).toBe(true);
    const back = await t.app.inject({ method: 'GET', url: pay.pathOf(location) });
    expect(pay.queryOf(back.headers.location as string)).toEqual({ status: 'KO', paymentMethod: 'nexi', codTrans });
    expect(await pay.orderRow(t.app, order.id)).toMatchObject({ status: 'finalizing', payment_valid: 0 });
  });

  it('a replayed notification changes nothing and is logged as a replay', async () => {
    const order = await pay.finalizingOrder(t.app, owner(), 'nexi');
    const { location } = await payWith(order.id, 'approve');
    const signed = pay.queryOf(location);
    const before = await pay.orderRow(t.app, order.id);
    const replay = await pay.postForm(t.app, '/api/payment/nexi/notify', signed);
    expect(replay.statusCode).toBe(200);
    const after = await pay.orderRow(t.app, order.id);
    expect(after).toEqual(before);
    expect((await pay.orderEventsOf(t.app, order.id)).filter((e) => e.to_status === 'confirmed')).toHaveLength(1);
    expect((await pay.paymentEventsOf(t.app, order.id)).at(-1)).toMatchObject({ source: 'notification', outcome: 'replayed' });
  });

  it('a replayed refusal changes nothing and the log names the state in Italian', async () => {
    const order = await pay.finalizingOrder(t.app, owner(), 'nexi');
    const { location } = await payWith(order.id, 'refuse');
    const replay = await pay.postForm(t.app, '/api/payment/nexi/notify', pay.queryOf(location));
    expect(replay.statusCode).toBe(200);
    expect((await pay.paymentEventsOf(t.app, order.id)).at(-1)).toMatchObject({ outcome: 'replayed', reason: 'già rifiutato' });
  });

  it('refuses and logs forged notifications: bad MAC, wrong amount, unknown codTrans', async () => {
    const order = await pay.finalizingOrder(t.app, owner(), 'nexi');
    const { body } = await pay.createPaymentOver(t.app, customer.token, 'nexi', order.id);
    const codTrans = String(body?.payload?.codTrans);
    const fields = { codTrans, esito: 'OK', importo: '2500', divisa: 'EUR', data: '20300101', orario: '101500', codAut: 'FAKE01' };

    const badMac = await pay.postForm(t.app, '/api/payment/nexi/notify', { ...fields, mac: nexiOutcomeMac(fields, 'not-the-key') });
    expect(badMac.statusCode).toBe(400);

    // Signed with the real key, but for 1 cent: the amount must be the order's.
    const cheap = { ...fields, importo: '1' };
    const wrongAmount = await pay.postForm(t.app, '/api/payment/nexi/notify', { ...cheap, mac: nexiOutcomeMac(cheap, macKey) });
    expect(wrongAmount.statusCode).toBe(400);

    const unknown = { ...fields, codTrans: 'F999999TUNKNOWN' };
    const unknownRes = await pay.postForm(t.app, '/api/payment/nexi/notify', { ...unknown, mac: nexiOutcomeMac(unknown, macKey) });
    expect(unknownRes.statusCode).toBe(400);

    expect(await pay.orderRow(t.app, order.id)).toMatchObject({ status: 'finalizing', payment_valid: 0 });
    const logged = await pay.paymentEventsOf(t.app, order.id);
    expect(logged.filter((e) => e.outcome === 'refused').map((e) => e.reason)).toEqual([
      'MAC non valido',
      'importo diverso: 1 EUR invece di 2500 EUR',
    ]);
    const unknownLog = await t.app.db.selectFrom('payment_events').selectAll().where('provider_ref', '=', 'F999999TUNKNOWN').execute();
    expect(unknownLog).toMatchObject([{ outcome: 'refused', reason: 'pagamento sconosciuto', order_id: null }]);
  });

  it("never confirms from the browser's return, even a correctly signed one", async () => {
    const order = await pay.finalizingOrder(t.app, owner(), 'nexi');
    const { body } = await pay.createPaymentOver(t.app, customer.token, 'nexi', order.id);
    const codTrans = String(body?.payload?.codTrans);
    const fields = { codTrans, esito: 'OK', importo: '2500', divisa: 'EUR', data: '20300101', orario: '101500', codAut: 'ABC123' };
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/payment/nexi/return?${new URLSearchParams({ ...fields, mac: nexiOutcomeMac(fields, macKey) })}`,
    });
    expect(pay.queryOf(back.headers.location as string).status).toBe('OK');
    expect(await pay.orderRow(t.app, order.id)).toMatchObject({ status: 'finalizing', payment_valid: 0 });
    // The outcome screen then says "sent, pending processing": valid is still 0.
    expect((await pay.paymentIdOver(t.app, customer.token, 'nexi', codTrans)).body).toEqual({ order_id: order.id, valid: 0 });
    // A forged return with a bad MAC is shown as refused.
    const forged = await t.app.inject({ method: 'GET', url: `/api/payment/nexi/return?${new URLSearchParams({ ...fields, mac: 'x' })}` });
    expect(pay.queryOf(forged.headers.location as string).status).toBe('KO');
  });
});
