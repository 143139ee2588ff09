import { fillMessage, messages, orderStatusListLabel } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { nowIso } from '../../db/column.js';
import { outboxRowsTo } from '../../../test/factories/mail.js';
import { insertOrder } from '../../../test/factories/orders.js';
import { type CreatedUser, createPharmacist, createShop, createUser } from '../../../test/factories/users.js';
import { type OrderActorRef, PAYMENT_ACTOR, recordCreation, transition } from './order-lifecycle.js';
import * as repo from './orders.repository.js';

/**
 * The lost-update guard (issue 21): `transition` writes only if the order is still in the status
 * it was read in. Two actors read the same row; the second writer must get the 409, not overwrite
 * the first one's move with a change the state machine never allowed from the real status.
 */
describe('order lifecycle: a transition from a stale status', () => {
  let t: TestApp;
  let shopId: number;
  let customer: CreatedUser;
  let pharmacist: OrderActorRef;
  let customerActor: OrderActorRef;

  beforeAll(async () => {
    // No outbox worker: the messages a transition queues stay in the outbox to be read.
    t = await buildTestApp({ outboxWorker: false });
    shopId = await createShop(t.app, 'Farmacia Concorrenza');
    customer = await createUser(t.app, { shopId });
    const staff = await createPharmacist(t.app, shopId);
    pharmacist = { kind: 'pharmacist', userId: staff.user.id, role: 'pharmacist' };
    customerActor = { kind: 'customer', userId: customer.user.id, role: 'customer' };
  });
  afterAll(() => t.close());

  const events = (orderId: number) =>
    t.app.db
      .selectFrom('order_events')
      .select(['from_status', 'to_status', 'actor_role'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();

  const refused = { code: 'ORDER_TRANSITION_NOT_ALLOWED', message: messages.orders.transitionNotAllowed };

  it('refuses a cancel read before the pharmacist took the order back to managing', async () => {
    const stale = await insertOrder(t.app, { userId: customer.user.id, shopId, status: 'finalizing' });
    const moved = await transition(t.app.db, { order: stale, to: 'managing', actor: pharmacist });
    expect(moved.status).toBe('managing');

    // finalizing → cancelled is legal for the customer, but the order is no longer finalizing.
    await expect(transition(t.app.db, { order: stale, to: 'cancelled', actor: customerActor })).rejects.toMatchObject(refused);
    expect((await repo.findOrder(t.app.db, stale.id))?.status).toBe('managing');
    expect(await events(stale.id)).toEqual([{ from_status: 'finalizing', to_status: 'managing', actor_role: 'pharmacist' }]);
  });

  it('records a double confirmation of the same read once: the second answers 409', async () => {
    const stale = await insertOrder(t.app, { userId: customer.user.id, shopId, status: 'finalizing' });
    const [first, second] = await Promise.allSettled([
      transition(t.app.db, { order: stale, to: 'confirmed', actor: customerActor }),
      transition(t.app.db, { order: stale, to: 'confirmed', actor: customerActor }),
    ]);
    expect(first).toMatchObject({ status: 'fulfilled', value: { status: 'confirmed' } });
    expect(second).toMatchObject({ status: 'rejected', reason: refused });
    expect(await events(stale.id)).toEqual([{ from_status: 'finalizing', to_status: 'confirmed', actor_role: 'customer' }]);
  });

  it('refuses a payment notification racing a cancel: the cancelled order is not marked paid', async () => {
    const stale = await insertOrder(t.app, {
      userId: customer.user.id,
      shopId,
      status: 'finalizing',
      payment_type: 'nexi',
    });
    await transition(t.app.db, { order: stale, to: 'cancelled', actor: customerActor });
    await expect(
      transition(t.app.db, {
        order: stale,
        to: 'confirmed',
        actor: PAYMENT_ACTOR,
        changes: { payment_valid: 1 },
        expectPaymentValid: 0,
      }),
    ).rejects.toMatchObject(refused);
    expect(await repo.findOrder(t.app.db, stale.id)).toMatchObject({ status: 'cancelled', payment_valid: 0 });
  });

  it('counts a payment once: a second notification for an already paid order answers 409', async () => {
    const order = await insertOrder(t.app, { userId: customer.user.id, shopId, status: 'finalizing', payment_type: 'nexi' });
    // Paid by a first notification while the order stayed in finalizing (read again: same status).
    await repo.updateOrderIn(t.app.db, order.id, 'finalizing', { payment_valid: 1, updated_at: order.updated_at });
    await expect(
      transition(t.app.db, { order, to: 'confirmed', actor: PAYMENT_ACTOR, changes: { payment_valid: 1 }, expectPaymentValid: 0 }),
    ).rejects.toMatchObject(refused);
    expect((await repo.findOrder(t.app.db, order.id))?.status).toBe('finalizing');
    expect(await events(order.id)).toEqual([]);
  });

  it('moves, records and returns the order when its status is still the one read', async () => {
    const order = await insertOrder(t.app, { userId: customer.user.id, shopId, status: 'created' });
    const moved = await transition(t.app.db, { order, to: 'managing', actor: pharmacist, note: 'Presa in carico' });
    expect(moved).toMatchObject({ id: order.id, status: 'managing' });
    expect(moved.updated_at >= order.updated_at).toBe(true);
    expect((await repo.findOrder(t.app.db, order.id))?.status).toBe('managing');
    const [event] = await t.app.db.selectFrom('order_events').selectAll().where('order_id', '=', order.id).execute();
    expect(event).toMatchObject({ actor_user_id: pharmacist.userId, from_status: 'created', to_status: 'managing', note: 'Presa in carico' });
  });

  const mailsAbout = async (orderId: number) =>
    (await outboxRowsTo(t.app, customer.user.email)).filter((m) => m.subject?.startsWith(`Ordine n. ${orderId}:`));

  it('mails the customer the new status, with the pharmacy\'s notes when the order awaits them', async () => {
    const order = await insertOrder(t.app, { userId: customer.user.id, shopId, status: 'managing', info: 'Manca la crema, arriva lunedì.' });
    await transition(t.app.db, { order, to: 'finalizing', actor: pharmacist });
    const [mail, ...more] = await mailsAbout(order.id);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Ordine n. ${order.id}: ${orderStatusListLabel('finalizing')}`);
    expect(mail?.body_text).toBe(
      `${fillMessage(messages.orders.statusChanged.finalizing, { id: order.id })}\n\nNote della farmacia: Manca la crema, arriva lunedì.` +
        "\n\nPuoi seguire l'ordine nella app, alla voce Ordini.",
    );
  });

  it('mails the given text instead of the default, and no notes outside finalizing', async () => {
    const order = await insertOrder(t.app, { userId: customer.user.id, shopId, status: 'created', info: 'Nota interna' });
    await transition(t.app.db, { order, to: 'managing', actor: pharmacist, message: 'Ci pensiamo noi.' });
    const [mail] = await mailsAbout(order.id);
    expect(mail?.body_text).toBe("Ci pensiamo noi.\n\nPuoi seguire l'ordine nella app, alla voce Ordini.");
  });

  it('awards the loyalty points when, and only when, the order is completed', async () => {
    const points = async (orderId: number) =>
      (await t.app.db.selectFrom('loyalty_movements').select('points').where('reference', '=', `order:${orderId}`).execute()).map((m) => m.points);
    const order = await insertOrder(t.app, { userId: customer.user.id, shopId, status: 'processing', subtotal_cents: 2590 });
    const shipped = await transition(t.app.db, { order, to: 'shipped', actor: pharmacist });
    expect(await points(order.id)).toEqual([]);
    await transition(t.app.db, { order: shipped, to: 'completed', actor: pharmacist });
    expect(await points(order.id)).toEqual([25]);
  });

  it("records the checkout as the order's first event, by its customer", async () => {
    const order = await insertOrder(t.app, { userId: customer.user.id, shopId, created_at: '2030-05-04T10:00:00.000Z' });
    await recordCreation(t.app.db, order);
    const rows = await t.app.db.selectFrom('order_events').selectAll().where('order_id', '=', order.id).execute();
    expect(rows).toEqual([
      expect.objectContaining({
        actor_user_id: customer.user.id,
        actor_role: 'customer',
        from_status: null,
        to_status: 'created',
        note: null,
        created_at: '2030-05-04T10:00:00.000Z',
      }),
    ]);
  });

  it("pushes the new status to the customer's devices, linking the order", async () => {
    const other = await createUser(t.app, { shopId });
    const endpoint = `https://push.example/${other.user.id}`;
    await t.app.db
      .insertInto('notification_settings')
      .values({ user_id: other.user.id, type: 'push', device: 'phone', active: 1, subscription: '{}', endpoint, created_at: nowIso(), updated_at: nowIso() })
      .execute();
    const order = await insertOrder(t.app, { userId: other.user.id, shopId, status: 'confirmed' });
    await transition(t.app.db, { order, to: 'processing', actor: pharmacist });
    const pushes = await t.app.db.selectFrom('outbox').select('payload').where('recipient', '=', endpoint).execute();
    expect(pushes.map((p) => JSON.parse(p.payload ?? '{}'))).toEqual([
      {
        title: `Ordine n. ${order.id}: ${orderStatusListLabel('processing')}`,
        body: fillMessage(messages.orders.statusChanged.processing, { id: order.id }),
        url: `/app/orders/${order.id}`,
        tag: `order-${order.id}`,
      },
    ]);
  });

  it('refuses a move the state machine does not give this actor, and changes nothing', async () => {
    const order = await insertOrder(t.app, { userId: customer.user.id, shopId, status: 'created' });
    await expect(transition(t.app.db, { order, to: 'managing', actor: customerActor })).rejects.toMatchObject(refused);
    expect((await repo.findOrder(t.app.db, order.id))?.status).toBe('created');
    expect(await events(order.id)).toEqual([]);
  });

  it("records a verified payment's confirmation as the provider's, with no user", async () => {
    const order = await insertOrder(t.app, { userId: customer.user.id, shopId, status: 'finalizing', payment_type: 'nexi' });
    const paid = await transition(t.app.db, {
      order,
      to: 'confirmed',
      actor: PAYMENT_ACTOR,
      changes: { payment_valid: 1 },
      expectPaymentValid: 0,
    });
    expect(paid).toMatchObject({ status: 'confirmed', payment_valid: 1 });
    const rows = await t.app.db.selectFrom('order_events').selectAll().where('order_id', '=', order.id).execute();
    expect(rows).toEqual([expect.objectContaining({ actor_user_id: null, actor_role: 'payment', from_status: 'finalizing', to_status: 'confirmed' })]);
  });
});
