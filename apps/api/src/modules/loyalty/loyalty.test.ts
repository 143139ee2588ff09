import { ApiErrorBodySchema, LoyaltyCardListResponseSchema, LoyaltyCardResponseSchema, messages } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { createCustomer, type TestCustomer } from '../../../test/factories/customers.js';
import { nowIso } from '../../db/column.js';
import { awardOrderPoints, ean13CheckDigit, type OrderForPoints } from './loyalty.service.js';

const thisYearEnd = () => `${new Date().getUTCFullYear()}-12-31`;

describe(`loyalty card (${testEngine})`, () => {
  let t: TestApp;
  let customer: TestCustomer;
  let orderId = 1000;

  beforeAll(async () => {
    t = await buildTestApp({ outboxWorker: false });
    customer = await createCustomer(t.app);
  });
  afterAll(() => t.close());

  const setOption = async (shopId: number, key: string, value: string) => {
    await t.app.db
      .insertInto('options')
      .values({ shop_id: shopId, key, value, updated_at: nowIso() })
      .onConflict((oc) => oc.columns(['shop_id', 'key']).doUpdateSet({ value }))
      .execute();
  };
  const order = (c: TestCustomer, over: Partial<OrderForPoints> = {}): OrderForPoints => ({
    id: ++orderId,
    user_id: c.id,
    shop_id: c.shopId,
    status: 'completed',
    subtotal_cents: 2590,
    discount_cents: 300,
    medicine_cents: 0,
    ...over,
  });
  const cards = async (c: TestCustomer) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/fidelityCard', headers: c.auth });
    expect(res.statusCode).toBe(200);
    return LoyaltyCardListResponseSchema.parse(res.json()).data;
  };

  it('needs a logged-in user and answers an empty list without a card', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/fidelityCard' })).statusCode).toBe(401);
    expect(await cards(await createCustomer(t.app))).toEqual([]);
  });

  it('awards points on a completed order at the shop rate and shows the card with its barcode', async () => {
    await setOption(customer.shopId, 'loyalty_points_per_euro', '1,5');
    const result = await awardOrderPoints(t.app.db, order(customer));
    // (25.90 − 3.00) € × 1.5 = 34.35 → 34 points; delivery is not counted.
    expect(result?.awarded).toBe(34);

    const [card] = await cards(customer);
    expect(card?.score).toBe(34);
    expect(card?.card_id).toMatch(/^2\d{12}$/);
    expect(card?.card_id.at(-1)).toBe(ean13CheckDigit(card?.card_id.slice(0, 12) ?? ''));
    expect(card?.reset_date).toBe(thisYearEnd());
    expect(Date.parse(card?.updated_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const png = Buffer.from(card?.barcode ?? '', 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // IHDR width: an EAN-13 at scale 3 with padding is a few hundred pixels wide.
    expect(png.readUInt32BE(16)).toBeGreaterThan(250);
  });

  it('never rewards the same order twice, nor an order that is not completed', async () => {
    const o = order(customer, { subtotal_cents: 1000, discount_cents: 0 });
    await setOption(customer.shopId, 'loyalty_points_per_euro', '1');
    expect((await awardOrderPoints(t.app.db, o))?.awarded).toBe(10);
    expect((await awardOrderPoints(t.app.db, o))?.awarded).toBe(0);
    expect(await awardOrderPoints(t.app.db, order(customer, { status: 'shipped' }))).toBeUndefined();
    expect((await cards(customer))[0]?.score).toBe(44);
  });

  it('adds concurrent awards for different orders without losing any', async () => {
    const c = await createCustomer(t.app);
    const orders = Array.from({ length: 6 }, () => order(c, { subtotal_cents: 500, discount_cents: 0 }));
    await Promise.all(orders.map((o) => awardOrderPoints(t.app.db, o)));
    const list = await cards(c);
    expect(list).toHaveLength(1);
    expect(list[0]?.score).toBe(30);
  });

  it('shows a card only to its owner', async () => {
    const [card] = await cards(customer);
    const own = await t.app.inject({ method: 'GET', url: `/api/fidelityCard/${card?.card_id}`, headers: customer.auth });
    expect(LoyaltyCardResponseSchema.parse(own.json()).data.card_id).toBe(card?.card_id);

    const other = await createCustomer(t.app);
    const res = await t.app.inject({ method: 'GET', url: `/api/fidelityCard/${card?.card_id}`, headers: other.auth });
    expect(res.statusCode).toBe(404);
    expect(ApiErrorBodySchema.parse(res.json()).message).toBe(messages.loyalty.notFound);
  });

  it('starts a new collection once the last day has passed', async () => {
    const c = await createCustomer(t.app);
    await awardOrderPoints(t.app.db, order(c, { subtotal_cents: 4000, discount_cents: 0 }));
    await t.app.db.updateTable('loyalty_cards').set({ reset_date: '2020-12-31' }).where('user_id', '=', c.id).execute();
    const [card] = await cards(c);
    expect(card?.score).toBe(0);
    expect(card?.reset_date).toBe(thisYearEnd());
    const resets = await t.app.db
      .selectFrom('loyalty_movements')
      .innerJoin('loyalty_cards', 'loyalty_cards.id', 'loyalty_movements.card_id')
      .select(['points', 'reason'])
      .where('loyalty_cards.user_id', '=', c.id)
      .where('reason', '=', 'reset')
      .execute();
    expect(resets).toEqual([{ points: -40, reason: 'reset' }]);
    await cards(c);
    expect((await cards(c))[0]?.score).toBe(0);
  });

  it('awards inside the transaction that completes the order: a rollback leaves no points', async () => {
    const c = await createCustomer(t.app);
    const o = order(c, { subtotal_cents: 1500, discount_cents: 0 });
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        expect((await awardOrderPoints(trx, o))?.awarded).toBe(15);
        throw new Error('the status change failed');
      }),
    ).rejects.toThrow('the status change failed');
    expect(await cards(c)).toEqual([]);
    await t.app.db.transaction().execute((trx) => awardOrderPoints(trx, o));
    expect((await cards(c))[0]?.score).toBe(15);
  });

  it('awards nothing when the shop sets the rate to zero', async () => {
    const c = await createCustomer(t.app);
    await setOption(c.shopId, 'loyalty_points_per_euro', '0');
    expect(await awardOrderPoints(t.app.db, order(c))).toBeUndefined();
    expect(await cards(c)).toEqual([]);
    await setOption(c.shopId, 'loyalty_points_per_euro', '1');
  });
});
