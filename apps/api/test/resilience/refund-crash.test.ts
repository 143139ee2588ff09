import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../build-test-app.js';
import { setOrderShipping } from '../factories/orders.js';
import { createPaymentOver, finalizingOrder, postForm } from '../factories/payments.js';
import { type CreatedUser, createPharmacist, createShop, createUser } from '../factories/users.js';
import { RECONCILE_AFTER_MS } from '../../src/modules/payments/refunds.service.js';
import { call, type ServerProcess, startServer } from './server-process.js';

/**
 * A refund killed between asking the provider and recording its answer (decision 0515, in the
 * style of 0320): the real server pauses inside the transaction that records PayPal's answer and
 * is SIGKILLed there. The provider has refunded, our row still says `requested`; the next process's
 * reconciler asks again with the same PayPal-Request-Id and records the refund — made once.
 */
describe(`refund crash safety of the real server process (${testEngine})`, { timeout: 300_000 }, () => {
  let t: TestApp;
  let shopId: number;
  let customer: CreatedUser;
  let pharmacist: CreatedUser;
  let orderId: number;
  let paypalOrder: string;
  let server: ServerProcess | undefined;

  const start = (env: Record<string, string>) => startServer({ DATA_DIR: t.config.dataDir, DATABASE_URL: t.config.databaseUrl, ...env });
  const refundsOf = () => t.app.db.selectFrom('refunds').select(['id', 'status', 'amount_cents']).where('order_id', '=', orderId).execute();
  const providerRefunds = async () => {
    const row = await t.app.db.selectFrom('payment_sandbox').select('data').where('provider', '=', 'paypal').where('ref', '=', paypalOrder).executeTakeFirstOrThrow();
    return (JSON.parse(row.data) as { refunds?: unknown[] }).refunds ?? [];
  };

  beforeAll(async () => {
    t = await buildTestApp({ outboxWorker: false });
    shopId = await createShop(t.app, 'Farmacia Rimborso Resiliente');
    await setOrderShipping(t.app, shopId);
    customer = await createUser(t.app, { shopId });
    pharmacist = await createPharmacist(t.app, shopId);
    // Paid with PayPal in the sandbox (the approval's webhook makes the server capture).
    const order = await finalizingOrder(t.app, { userId: customer.user.id, shopId }, 'paypal');
    orderId = order.id;
    const created = await createPaymentOver(t.app, customer.token, 'paypal', orderId);
    paypalOrder = String(created.body?.payload?.token);
    await postForm(t.app, '/sandbox/paypal/checkoutnow', { token: paypalOrder, decision: 'approve' });
    expect(await t.app.db.selectFrom('orders').select('payment_valid').where('id', '=', orderId).executeTakeFirst()).toEqual({ payment_valid: 1 });
  });
  afterAll(async () => {
    await server?.kill();
    await t.close();
  });

  it('the provider refunded, the answer died with the process: the restarted reconciler records it, refunded once', async () => {
    server = await start({ FARMACIA_FAULT_PAUSE: 'update:refunds' });
    const running = server;
    const request = call(running, 'POST', `/api/admin/orders/${orderId}/refunds`, { token: pharmacist.token, body: { amount: 6, reason: 'Prodotto mancante' } }).then(
      () => 'answered',
      () => 'cut',
    );
    await running.waitFor('FAULT_PAUSE update:refunds');
    await running.kill();
    expect(await request).toBe('cut');
    expect((await running.exited).signal).toBe('SIGKILL');

    // The intent survived, the answer did not; PayPal did refund.
    expect(await refundsOf()).toEqual([expect.objectContaining({ status: 'requested', amount_cents: 600 })]);
    expect(await providerRefunds()).toHaveLength(1);

    // Later (the reconciler leaves fresh intents to the request still asking), a new process with the worker.
    const before = new Date(Date.now() - RECONCILE_AFTER_MS * 2).toISOString();
    await t.app.db.updateTable('refunds').set({ updated_at: before }).where('order_id', '=', orderId).execute();
    server = await start({ OUTBOX_WORKER: '1' });
    const deadline = Date.now() + 30_000;
    while ((await refundsOf())[0]?.status === 'requested' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await refundsOf()).toEqual([expect.objectContaining({ status: 'approved', amount_cents: 600 })]);
    expect(await providerRefunds()).toHaveLength(1);
  });
});
