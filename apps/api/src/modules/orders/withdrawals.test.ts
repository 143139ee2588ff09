import {
  AdminWithdrawalResponseSchema,
  ApiErrorBodySchema,
  messages,
  OpenWithdrawalsResponseSchema,
  OrderWithdrawalResponseSchema,
  WithdrawalResponseSchema,
} from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { outboxRowsTo } from '../../../test/factories/mail.js';
import { insertOrder } from '../../../test/factories/orders.js';
import { orderingShop } from '../../../test/factories/ordering-shop.js';
import { bearer, type CreatedUser, createPharmacist, createShop, createUser } from '../../../test/factories/users.js';
import * as repo from './orders.repository.js';

/**
 * The withdrawal function (art. 11a Directive 2011/83/EU, decision 0698) over HTTP: only the
 * owner, only once received and within 14 days, never a medicine, once per order; the
 * acknowledgement by email with the content and the submission's date and time in Rome; the alert.
 */

const SHOP_EMAIL = 'banco@farmacia-recesso.example.it';
/** Received on Monday 22 June 2026, 10:00 in Rome (CEST): the last day is Monday 6 July. */
const RECEIVED_AT = '2026-06-22T08:00:00.000Z';
/** Submitted on Friday 3 July 2026 at 18:45 in Rome. */
const SUBMITTED_AT = new Date('2026-07-03T16:45:00.000Z');

describe('the customer withdraws from an order', () => {
  let t: TestApp;
  let shopId: number;
  let customer: CreatedUser;
  let pharmacist: CreatedUser;

  beforeAll(async () => {
    ({ t, shopId, customer } = await orderingShop('Farmacia Recesso', 'Giulia Bianchi'));
    pharmacist = await createPharmacist(t.app, shopId);
    await t.app.db.updateTable('shops').set({ email: SHOP_EMAIL }).where('id', '=', shopId).execute();
    t.app.clock.now = () => SUBMITTED_AT;
  });
  afterAll(() => t.close());

  /** A completed order of a hand cream (2 × 8,00) and a Tachipirina, received at `receivedAt`. */
  async function receivedOrder(options: { receivedAt?: string; medicinesOnly?: boolean; status?: 'completed' | 'shipped' } = {}) {
    const order = await insertOrder(t.app, { userId: customer.user.id, shopId, status: options.status ?? 'completed' });
    // insertOrder's line is Tachipirina: mark it a medicine, as checkout does (decision 0696).
    await t.app.db.updateTable('order_products').set({ medicine: 1 }).where('order_id', '=', order.id).execute();
    if (!options.medicinesOnly) {
      await repo.insertOrderProducts(t.app.db, [
        {
          order_id: order.id,
          position: 1,
          code: '934567890',
          name: 'Crema mani nutriente',
          requested_quantity: 2,
          requested_unit_cents: 800,
          quantity: 2,
          unit_cents: 800,
          total_cents: 1600,
          promo: 0,
          prescription_only: 0,
          medicine: 0,
          unavailable: 0,
          added_by_pharmacist: 0,
        },
      ]);
    }
    if ((options.status ?? 'completed') === 'completed') {
      await t.app.db
        .insertInto('order_events')
        .values({
          order_id: order.id,
          actor_user_id: pharmacist.user.id,
          actor_role: 'pharmacist',
          from_status: 'processing',
          to_status: 'completed',
          note: null,
          created_at: options.receivedAt ?? RECEIVED_AT,
        })
        .execute();
    }
    return order;
  }

  const get = (who: CreatedUser, id: number) => t.app.inject({ method: 'GET', url: `/api/order/${id}/withdrawal`, headers: bearer(who.token) });
  const submit = (who: CreatedUser, id: number, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/order/${id}/withdrawal`, headers: bearer(who.token), payload });
  const body = (over: object = {}) => ({
    name: 'Giulia Bianchi',
    email: 'giulia.recesso@example.it',
    lines: ['934567890'],
    request_id: '6f1c2e7a-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
    ...over,
  });

  it('shows step 1: the lines (the medicine excluded, with why), the last day, the name and email prefilled', async () => {
    const order = await receivedOrder();
    const res = await get(customer, order.id);
    expect(res.statusCode).toBe(200);
    const { data } = OrderWithdrawalResponseSchema.parse(res.json());
    expect(data).toMatchObject({ withdrawable: true, reason: null, last_day: '2026-07-06', name: 'Giulia Bianchi', email: customer.user.email });
    expect(data.lines).toEqual([
      { code: '012745093', name: 'Tachipirina 500 mg', quantity: 2, withdrawable: false, reason: messages.withdrawal.lineRefusal.medicine },
      { code: '934567890', name: 'Crema mani nutriente', quantity: 2, withdrawable: true, reason: null },
    ]);
  });

  it('records it, mails the acknowledgement with the content and the date and time in Rome, tells the pharmacy', async () => {
    const order = await receivedOrder();
    const res = await submit(customer, order.id, body());
    expect(res.statusCode).toBe(200);
    const { data } = WithdrawalResponseSchema.parse(res.json());
    expect(data).toMatchObject({
      order_id: order.id,
      name: 'Giulia Bianchi',
      email: 'giulia.recesso@example.it',
      lines: [{ code: '934567890', name: 'Crema mani nutriente', quantity: 2 }],
      submitted_at: SUBMITTED_AT.toISOString(),
    });

    const [mail, ...more] = await outboxRowsTo(t.app, 'giulia.recesso@example.it');
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Conferma di ricezione del recesso – ordine n. ${order.id}`);
    expect(mail?.body_text).toContain(`per l'ordine n. ${order.id}`);
    expect(mail?.body_text).toContain('inviato il 03/07/2026 alle 18:45 (ora italiana)');
    expect(mail?.body_text).toContain('- 2 × Crema mani nutriente (934567890)');
    expect(mail?.body_text).not.toContain('Tachipirina');
    // Signed with the shop's name as the other mails are (it is «Farmacia …» already).
    expect(mail?.body_text?.endsWith('\n\nFarmacia Recesso')).toBe(true);

    const alerts = (await outboxRowsTo(t.app, SHOP_EMAIL)).filter((r) => r.subject === `Recesso dall'ordine n. ${order.id}`);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.body_text).toContain(`/backoffice/ordini/${order.id}`);
    // No personal data in the shop's mailbox (decision 0422).
    expect(alerts[0]?.body_text).not.toContain('Giulia');
    expect(alerts[0]?.body_text).not.toContain('giulia.recesso');

    const live = await t.app.db.selectFrom('live_events').selectAll().where('ref_id', '=', order.id).where('topic', '=', 'order').execute();
    expect(live).toHaveLength(1);

    // The order's detail shows it to the customer and to the pharmacist.
    expect(OrderWithdrawalResponseSchema.parse((await get(customer, order.id)).json()).data).toMatchObject({
      withdrawable: false,
      reason: messages.withdrawal.refusal.alreadyWithdrawn,
      withdrawal: { id: data.id },
    });
    const staff = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}/withdrawal`, headers: bearer(pharmacist.token) });
    expect(AdminWithdrawalResponseSchema.parse(staff.json()).data).toEqual(data);
  });

  it('takes a double tap as one withdrawal, and refuses a second one', async () => {
    const order = await receivedOrder();
    const [first, second] = await Promise.all([submit(customer, order.id, body()), submit(customer, order.id, body())]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(WithdrawalResponseSchema.parse(second.json()).data.id).toBe(WithdrawalResponseSchema.parse(first.json()).data.id);
    const again = await submit(customer, order.id, body({ request_id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' }));
    expect(again.statusCode).toBe(409);
    expect(ApiErrorBodySchema.parse(again.json())).toMatchObject({ code: 'WITHDRAWAL_ALREADY_SUBMITTED', message: messages.withdrawal.refusal.alreadyWithdrawn });
    const count = await t.app.db.selectFrom('order_withdrawals').select((eb) => eb.fn.countAll<number>().as('n')).where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('refuses a medicine line, and no line at all, with the reason on the field', async () => {
    const order = await receivedOrder();
    const medicine = await submit(customer, order.id, body({ lines: ['934567890', '012745093'] }));
    expect(medicine.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(medicine.json()).errors?.lines).toEqual([
      `«Tachipirina 500 mg» non si può restituire: ${messages.withdrawal.lineRefusal.medicine}`,
    ]);
    const none = await submit(customer, order.id, body({ lines: [] }));
    expect(none.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(none.json()).errors?.lines).toEqual([messages.withdrawal.linesRequired]);
    expect(await t.app.db.selectFrom('order_withdrawals').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
  });

  it('refuses an order of medicines only, one not yet received, one past its period', async () => {
    const medicines = await receivedOrder({ medicinesOnly: true });
    const onlyMedicines = await submit(customer, medicines.id, body({ lines: ['012745093'] }));
    expect(onlyMedicines.statusCode).toBe(409);
    expect(onlyMedicines.json()).toMatchObject({ code: 'WITHDRAWAL_NOTHING_RETURNABLE' });

    const shipped = await receivedOrder({ status: 'shipped' });
    const notYet = await submit(customer, shipped.id, body());
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toMatchObject({ code: 'WITHDRAWAL_NOT_RECEIVED', message: messages.withdrawal.refusal.notReceived });

    // Received on 18 June: the 14th day is Thursday 2 July, over by the 3rd.
    const late = await receivedOrder({ receivedAt: '2026-06-18T08:00:00.000Z' });
    const over = await submit(customer, late.id, body());
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'WITHDRAWAL_PERIOD_OVER', message: 'Il periodo di recesso di 14 giorni è terminato il 02/07/2026.' });

    const open = OpenWithdrawalsResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/order-withdrawals', headers: bearer(customer.token) })).json(),
    ).data.map((o) => o.order_id);
    expect(open).not.toContain(late.id);
    expect(open).not.toContain(medicines.id);
    expect(open).not.toContain(shipped.id);
  });

  it('lists the orders still within their period', async () => {
    const order = await receivedOrder();
    const res = await t.app.inject({ method: 'GET', url: '/api/order-withdrawals', headers: bearer(customer.token) });
    expect(OpenWithdrawalsResponseSchema.parse(res.json()).data).toContainEqual({ order_id: order.id, last_day: '2026-07-06' });
  });

  it("is the owner's alone: another customer and another shop's pharmacist get 404", async () => {
    const order = await receivedOrder();
    const stranger = await createUser(t.app, { shopId });
    expect((await get(stranger, order.id)).statusCode).toBe(404);
    expect((await submit(stranger, order.id, body())).statusCode).toBe(404);
    // Before the body's rules: a stranger learns nothing from a 422.
    expect((await submit(stranger, order.id, { lines: 'tutto' })).statusCode).toBe(404);
    expect(await t.app.db.selectFrom('order_withdrawals').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
    const elsewhere = await createPharmacist(t.app, await createShop(t.app, 'Farmacia Altrove'));
    const staff = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}/withdrawal`, headers: bearer(elsewhere.token) });
    expect(staff.statusCode).toBe(404);
    const asCustomer = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}/withdrawal`, headers: bearer(customer.token) });
    expect(asCustomer.statusCode).toBe(403);
  });
});
