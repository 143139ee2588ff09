import { messages } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { insertOrder } from '../../../test/factories/orders.js';
import { type CreatedUser, createPharmacist, createShop, createUser } from '../../../test/factories/users.js';
import { type OrderActorRef, PAYMENT_ACTOR, transition } from './order-lifecycle.js';
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
    t = await buildTestApp();
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
});
