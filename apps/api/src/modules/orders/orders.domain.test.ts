import { messages } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder } from '../../../test/factories/orders.js';
import { type CreatedUser, createPharmacist, createShop, createUser } from '../../../test/factories/users.js';
import { type DomainContext, serviceContextWithShop } from '../../../test/service-context.js';
import type { ActorContext } from '../../context.js';
import { transition } from './order-lifecycle.js';
import { getShopOrder, moveOrder } from './orders.admin.service.js';
import { cancelOrder, confirmOrder, getOrder } from './orders.service.js';

/**
 * The order lifecycle called as services with a plain context (issue 16): the moves each role may
 * make given the order, the lost-update guard, and the shop scope of the pharmacist's side.
 */
describe('orders, domain: the lifecycle by role and by shop', () => {
  let d: DomainContext;
  let shopId: number;
  let otherShopId: number;
  let customer: CreatedUser;
  let pharmacist: ActorContext;
  let otherPharmacist: ActorContext;

  beforeAll(async () => {
    ({ d, shopId } = await serviceContextWithShop('Farmacia Centrale'));
    otherShopId = await createShop(d.ctx, 'Farmacia Altrove');
    customer = await createUser(d.ctx, { shopId });
    const staff = await createPharmacist(d.ctx, shopId);
    const otherStaff = await createPharmacist(d.ctx, otherShopId);
    pharmacist = d.as({ id: staff.user.id, shopId, role: 'pharmacist' });
    otherPharmacist = d.as({ id: otherStaff.user.id, shopId: otherShopId, role: 'pharmacist' });
  });
  afterAll(() => d.close());

  const me = () => ({ id: customer.user.id, shopId });
  const order = (over: Parameters<typeof insertOrder>[1] extends infer O ? Partial<O> : never = {}) =>
    insertOrder(d.ctx, { userId: customer.user.id, shopId, ...over });
  const refused = (code: string) => ({ kind: 'CONFLICT', code });

  it('lets the pharmacist take charge of a new order, and records who moved it', async () => {
    const row = await order({ status: 'created' });
    const moved = await moveOrder(pharmacist, row.id, 'take-charge', null);
    expect(moved.status).toBe('managing');
    expect(moved.events.at(-1)).toMatchObject({ from_status: 'created', to_status: 'managing', actor_role: 'pharmacist' });
    expect(pharmacist.audited).toBe(true);
  });

  it('refuses the pharmacist a move the state machine does not list (complete a new order)', async () => {
    const row = await order({ status: 'created' });
    await expect(moveOrder(pharmacist, row.id, 'complete', null)).rejects.toMatchObject(refused('ORDER_TRANSITION_NOT_ALLOWED'));
    expect((await getShopOrder(pharmacist, pharmacist.actor, row.id)).status).toBe('created');
  });

  it('ships only an order delivered to an address; completes a paid vending-machine order from processing', async () => {
    const machine = await order({ status: 'processing', delivery_type: 'vendingMachine', shipping_type: 'inShop', payment_valid: 1 });
    await expect(moveOrder(pharmacist, machine.id, 'ship', null)).rejects.toMatchObject(refused('ORDER_NOT_SHIPPABLE'));
    expect((await moveOrder(pharmacist, machine.id, 'complete', null)).status).toBe('completed');

    const home = await order({ status: 'processing', delivery_type: 'address', shipping_type: 'address' });
    await expect(moveOrder(pharmacist, home.id, 'complete', null)).rejects.toMatchObject(refused('ORDER_NOT_SHIPPED'));
    expect((await moveOrder(pharmacist, home.id, 'ship', null)).status).toBe('shipped');
  });

  it('lets the customer confirm or cancel only a finalizing order, and never a paid one', async () => {
    const fresh = await order({ status: 'created' });
    await expect(confirmOrder(d.ctx, me(), fresh.id)).rejects.toMatchObject(refused('ORDER_NOT_FINALIZING'));
    await expect(cancelOrder(d.ctx, me(), fresh.id)).rejects.toMatchObject(refused('ORDER_NOT_FINALIZING'));

    const finalizing = await order({ status: 'finalizing' });
    expect((await confirmOrder(d.ctx, me(), finalizing.id)).status).toBe('confirmed');

    const paid = await order({ status: 'finalizing', payment_type: 'gestpay', payment_valid: 1 });
    await expect(cancelOrder(d.ctx, me(), paid.id)).rejects.toMatchObject(refused('ORDER_ALREADY_PAID'));
    expect((await getOrder(d.ctx, me(), paid.id)).status).toBe('finalizing');
  });

  it('refuses a confirmation with an online payment that has not arrived', async () => {
    const row = await order({ status: 'finalizing', payment_type: 'gestpay', payment_valid: 0 });
    await expect(confirmOrder(d.ctx, me(), row.id)).rejects.toMatchObject(refused('ORDER_PAYMENT_REQUIRED'));
  });

  it('refuses a move read from a stale status (the lost-update guard)', async () => {
    const stale = await order({ status: 'finalizing' });
    await moveOrder(pharmacist, stale.id, 'reopen', null);
    // Legal from finalizing for the customer, but the order is no longer finalizing.
    const customerActor = { kind: 'customer' as const, userId: customer.user.id, role: 'customer' };
    await expect(d.ctx.db.transaction().execute((trx) => transition(trx, { order: stale, to: 'cancelled', actor: customerActor }))).rejects.toMatchObject(
      { code: 'ORDER_TRANSITION_NOT_ALLOWED', message: messages.orders.transitionNotAllowed },
    );
    expect((await getOrder(d.ctx, me(), stale.id)).status).toBe('managing');
  });

  it("never lets a pharmacist reach another shop's order (404), nor a customer another customer's", async () => {
    const row = await order({ status: 'created' });
    await expect(getShopOrder(otherPharmacist, otherPharmacist.actor, row.id)).rejects.toMatchObject({ kind: 'NOT_FOUND' });
    await expect(moveOrder(otherPharmacist, row.id, 'take-charge', null)).rejects.toMatchObject({ kind: 'NOT_FOUND' });
    const stranger = await createUser(d.ctx, { shopId });
    await expect(getOrder(d.ctx, { id: stranger.user.id, shopId }, row.id)).rejects.toMatchObject({ kind: 'NOT_FOUND' });
    expect((await getShopOrder(pharmacist, pharmacist.actor, row.id)).status).toBe('created');
  });
});
