import { createConnection } from 'node:net';
import { CheckoutResponseSchema, ReservationResponseSchema } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveProviderConfigs } from '../../src/payments/config.js';
import { nexiOutcomeMac } from '../../src/payments/nexi.js';
import { buildTestApp, type TestApp, testEngine } from '../build-test-app.js';
import { createBookableService, createStaff, everyDay } from '../factories/bookings.js';
import { createProduct } from '../factories/cart.js';
import { createCustomer, type TestCustomer } from '../factories/customers.js';
import { setOrderShipping } from '../factories/orders.js';
import { createPaymentOver, finalizingOrder } from '../factories/payments.js';
import { createShop } from '../factories/users.js';
import { call, type ServerProcess, startServer } from './server-process.js';

/**
 * Crash safety of the real server (issue 9, decision 0320). The server runs as a child process on
 * the test's database; FARMACIA_FAULT_PAUSE holds one statement inside the transaction under test
 * and prints a marker, the test SIGKILLs the process right there, starts it again and checks what
 * the database kept: a checkout, a payment notification and a booking are all-or-nothing, and the
 * client's retry (or the provider's re-sent notification) then takes effect exactly once.
 * The last restart also proves that SIGTERM drains a request in flight.
 */

/** A Rome calendar day `days` from now (3: inside the booking calendar, never "too soon"). */
function romeDayIn(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(Date.now() + days * 86_400_000));
}

// Each test starts a server process (about 2 s of CPU): generous timeouts for a loaded machine.
describe(`crash safety of the real server process (${testEngine})`, { timeout: 300_000 }, () => {
  let t: TestApp;
  let shopId: number;
  let customer: TestCustomer;
  let rival: TestCustomer;
  let orderId: number;
  let codTrans: string;
  let macKey: string;
  let serviceId: number;
  let staffId: number;
  const day = romeDayIn(3);
  let server: ServerProcess | undefined;
  let reservationId = 0;

  const start = (faultPause?: string) =>
    startServer({
      DATA_DIR: t.config.dataDir,
      DATABASE_URL: t.config.databaseUrl,
      ...(faultPause ? { FARMACIA_FAULT_PAUSE: faultPause } : {}),
    });

  /** Sends a request, waits for the server to reach the fault point, kills it; the request must die with it. */
  async function killMidway(request: Promise<unknown>, marker: string): Promise<void> {
    const running = server as ServerProcess;
    const outcome = request.then(
      () => 'answered',
      () => 'cut',
    );
    await running.waitFor(`FAULT_PAUSE ${marker}`);
    await running.kill();
    expect(await outcome).toBe('cut');
    expect((await running.exited).signal).toBe('SIGKILL');
  }

  beforeAll(async () => {
    t = await buildTestApp({ outboxWorker: false });
    shopId = await createShop(t.app, 'Farmacia Resiliente');
    await setOrderShipping(t.app, shopId);
    customer = await createCustomer(t.app, { shopId, name: 'Carla Bianchi' });
    rival = await createCustomer(t.app, { shopId, name: 'Dario Neri' });

    // A cart ready for checkout: 2 × 12,50 €, collected in the shop, paid there.
    const product = await createProduct(t.app, { priceCents: 1250 });
    const added = await t.app.inject({ method: 'POST', url: `/api/cart/products/${product.code}`, headers: customer.auth, payload: { quantity: 2 } });
    expect(added.statusCode).toBe(200);
    const chosen = await t.app.inject({
      method: 'PUT',
      url: '/api/cart',
      headers: customer.auth,
      payload: { shippingType: 'inShop', shippingMethod: JSON.stringify({ type: 'ritiro' }), paymentType: 'payInShop' },
    });
    expect(chosen.statusCode).toBe(200);

    // An order waiting for its Nexi payment (25,00 €), with the payment created.
    orderId = (await finalizingOrder(t.app, { userId: customer.id, shopId }, 'nexi')).id;
    const created = await createPaymentOver(t.app, customer.token, 'nexi', orderId);
    codTrans = String(created.body?.payload?.codTrans);
    macKey = (await resolveProviderConfigs(t.app, shopId)).nexi?.macKey as string;

    ({ serviceId } = await createBookableService(t.app, { shopId, duration: 30, paddingAfter: 0 }));
    staffId = await createStaff(t.app, shopId, [serviceId], everyDay('09:00', '13:00'));
  });

  afterAll(async () => {
    await server?.kill();
    await t?.close();
  });

  const ordersOf = (userId: number) => t.app.db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('status', '=', 'created').execute();
  const cartLinesOf = (userId: number) =>
    t.app.db
      .selectFrom('cart_products')
      .innerJoin('carts', 'carts.id', 'cart_products.cart_id')
      .select(['cart_products.product_code', 'cart_products.quantity'])
      .where('carts.user_id', '=', userId)
      .execute();

  it('a checkout killed inside its transaction leaves no order and the cart whole; the retry orders once', async () => {
    server = await start('insert:order_products');
    await killMidway(call(server, 'POST', '/api/cart/checkout', { token: customer.token, body: { note: null } }), 'insert:order_products');

    // Nothing half-written: no order, no orphan lines, the cart as it was.
    expect(await ordersOf(customer.id)).toEqual([]);
    const orphans = await t.app.db.selectFrom('order_products').leftJoin('orders', 'orders.id', 'order_products.order_id').select('order_products.id').where('orders.id', 'is', null).execute();
    expect(orphans).toEqual([]);
    expect(await cartLinesOf(customer.id)).toEqual([expect.objectContaining({ quantity: 2 })]);

    // The next process pauses inside the payment notification (the next test).
    server = await start('update:payments');
    const retry = await call(server, 'POST', '/api/cart/checkout', { token: customer.token, body: { note: null } });
    expect(retry.status).toBe(201);
    const placed = CheckoutResponseSchema.parse(retry.body);
    const orders = await ordersOf(customer.id);
    expect(orders.map((o) => [o.id, o.total_cents, o.total_quantity])).toEqual([[placed.id, 2500, 2]]);
    const lines = await t.app.db.selectFrom('order_products').select(['quantity', 'unit_cents']).where('order_id', '=', placed.id).execute();
    expect(lines).toEqual([{ quantity: 2, unit_cents: 1250 }]);
    expect(await cartLinesOf(customer.id)).toEqual([]);
  });

  it('a payment notification killed mid-way is not half applied; re-sent, it is applied exactly once', async () => {
    const fields = { codTrans, esito: 'OK', importo: '2500', divisa: 'EUR', data: '20300101', orario: '101500', codAut: 'RES001' };
    const notification = { ...fields, mac: nexiOutcomeMac(fields, macKey) };
    await killMidway(call(server as ServerProcess, 'POST', '/api/payment/nexi/notify', { form: notification }), 'update:payments');

    // Not "approved without a confirmed order" (which a retry would take for a replay: a lost payment).
    expect(await t.app.db.selectFrom('payments').select('status').where('provider_ref', '=', codTrans).executeTakeFirst()).toEqual({ status: 'created' });
    expect(await t.app.db.selectFrom('orders').select(['status', 'payment_valid']).where('id', '=', orderId).executeTakeFirst()).toEqual({ status: 'finalizing', payment_valid: 0 });

    // The next process pauses inside a booking (the next test).
    server = await start('insert:reservations');
    // Nexi re-sends the urlpost until it gets a 200: once, then once more.
    const first = await call(server, 'POST', '/api/payment/nexi/notify', { form: notification });
    expect(first.status).toBe(200);
    const second = await call(server, 'POST', '/api/payment/nexi/notify', { form: notification });
    expect(second.status).toBe(200);

    expect(await t.app.db.selectFrom('orders').select(['status', 'payment_valid']).where('id', '=', orderId).executeTakeFirst()).toEqual({ status: 'confirmed', payment_valid: 1 });
    const payments = await t.app.db.selectFrom('payments').select(['status', 'amount_cents']).where('order_id', '=', orderId).execute();
    expect(payments).toEqual([{ status: 'approved', amount_cents: 2500 }]);
    const events = await t.app.db.selectFrom('payment_events').select(['outcome']).where('order_id', '=', orderId).where('source', '=', 'notification').orderBy('id').execute();
    expect(events.map((e) => e.outcome)).toEqual(['accepted', 'replayed']);
    const confirmations = await t.app.db.selectFrom('order_events').select('id').where('order_id', '=', orderId).where('to_status', '=', 'confirmed').execute();
    expect(confirmations).toHaveLength(1);
  });

  const slot = { staff_id: 0, day, start_appointment: '09:00' };
  const bookedAtSlot = () =>
    t.app.db
      .selectFrom('reservations')
      .select(['user_id', 'status'])
      .where('staff_id', '=', staffId)
      .where('day', '=', day)
      .where('status', '=', 'booked')
      .execute();

  it('a booking killed inside its transaction leaves the slot free; the retry books it once, a rival gets 409', async () => {
    slot.staff_id = staffId;
    const outboxBefore = await t.app.db.selectFrom('outbox').select('id').execute();
    await killMidway(call(server as ServerProcess, 'POST', `/api/reservations/${serviceId}`, { token: customer.token, body: slot }), 'insert:reservations');
    expect(await bookedAtSlot()).toEqual([]);
    // Its confirmation (queued in the same transaction) vanished with it.
    expect(await t.app.db.selectFrom('outbox').select('id').execute()).toEqual(outboxBefore);

    // This process answers a cancellation slowly (2 s inside its transaction): the drain test below.
    server = await start('update:reservations:2000');
    const retry = await call(server, 'POST', `/api/reservations/${serviceId}`, { token: customer.token, body: slot });
    expect(retry.status).toBe(201);
    const booked = ReservationResponseSchema.parse(retry.body).data;
    expect(booked.start_appointment).toMatch(/^09:00/);
    reservationId = booked.id;
    const rivalTry = await call(server, 'POST', `/api/reservations/${serviceId}`, { token: rival.token, body: slot });
    expect(rivalTry.status).toBe(409);
    expect(await bookedAtSlot()).toEqual([{ user_id: customer.id, status: 'booked' }]);
  });

  it('SIGTERM drains a request in flight: it completes, new connections are refused, exit code 0', async () => {
    const running = server as ServerProcess;
    const slow = call(running, 'DELETE', `/api/reservations/${reservationId}`, { token: customer.token });
    slow.catch(() => undefined);
    await running.waitFor('FAULT_PAUSE update:reservations');
    running.child.kill('SIGTERM');
    // The listener closes at once: a new connection is refused while the slow request still runs.
    await new Promise((r) => setTimeout(r, 300));
    const refused = await new Promise<string>((resolve) => {
      const socket = createConnection({ port: running.port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
    const answered = await slow;
    expect(answered.status).toBe(200);
    expect(ReservationResponseSchema.parse(answered.body).data.id).toBe(reservationId);
    expect(await running.exited).toEqual({ code: 0, signal: null });
    expect(await t.app.db.selectFrom('reservations').select('status').where('id', '=', reservationId).executeTakeFirst()).toEqual({ status: 'cancelled' });
  });
});
