import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder } from '../../../test/factories/orders.js';
import { createPharmacist, createUser } from '../../../test/factories/users.js';
import { type DomainContext, serviceContextWithShop } from '../../../test/service-context.js';
import type { ActorContext } from '../../context.js';
import { moveOrder } from '../orders/orders.admin.service.js';
import { awardOrderPoints, LOYALTY_SETTINGS, listCards } from './loyalty.service.js';

/**
 * Loyalty points as services with a plain context (issue 16, decision 0243): a completed order
 * earns the goods actually paid (lines less discount, delivery excluded) times the shop's rate,
 * rounded down, once; a cancelled order earns nothing.
 */
describe('loyalty, domain: points for completed orders', () => {
  let d: DomainContext;
  let shopId: number;
  let pharmacist: ActorContext;

  beforeAll(async () => {
    ({ d, shopId } = await serviceContextWithShop('Farmacia del Ponte'));
    await d.ctx.db
      .insertInto('options')
      .values({ shop_id: shopId, key: LOYALTY_SETTINGS.pointsPerEuro, value: '2', updated_at: new Date().toISOString() })
      .execute();
    pharmacist = d.as({ id: (await createPharmacist(d.ctx, shopId)).user.id, shopId, role: 'pharmacist' });
  });
  afterAll(() => d.close());

  const scoreOf = async (userId: number) => (await listCards(d.ctx.db, userId, shopId))[0]?.score ?? 0;

  it('awards the paid goods × the rate once, when the pharmacist completes the order', async () => {
    const { user } = await createUser(d.ctx, { shopId });
    // 30,99 € of goods, 5,00 € off, 4,90 € delivery: (3099 − 500) × 2 / 100 = 51,98 → 51 points.
    const order = await insertOrder(d.ctx, {
      userId: user.id,
      shopId,
      status: 'processing',
      subtotal_cents: 3099,
      discount_cents: 500,
      shipping_cents: 490,
      total_cents: 3589,
    });
    expect(await scoreOf(user.id)).toBe(0);
    await moveOrder(pharmacist, order.id, 'complete', null);
    expect(await scoreOf(user.id)).toBe(51);

    // The same order again (a retried notification, a second call): nothing more.
    const completed = await d.ctx.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(await awardOrderPoints(d.ctx.db, { ...completed, medicine_cents: 0 })).toMatchObject({ awarded: 0, score: 51 });
    expect(await scoreOf(user.id)).toBe(51);
  });

  it('awards nothing for the medicines of an order (decision 0696), nor for a line the pharmacist marked unavailable', async () => {
    const { user } = await createUser(d.ctx, { shopId });
    // 20,00 € of parapharmacy, 30,00 € of SOP/OTC medicines, 2,00 € off the parapharmacy, a 9,00 € medicine
    // not delivered: (5000 − 3000 − 200) × 2 / 100 = 36 points.
    const order = await insertOrder(d.ctx, { userId: user.id, shopId, status: 'processing', subtotal_cents: 5000, discount_cents: 200, total_cents: 4800 });
    const line = { order_id: order.id, name: 'Riga', requested_quantity: 1, quantity: 1, promo: 0, prescription_only: 0, added_by_pharmacist: 0 };
    await d.ctx.db.deleteFrom('order_products').where('order_id', '=', order.id).execute();
    await d.ctx.db
      .insertInto('order_products')
      .values([
        { ...line, position: 0, code: '900000011', requested_unit_cents: 2000, unit_cents: 2000, total_cents: 2000, medicine: 0, unavailable: 0 },
        { ...line, position: 1, code: '900000023', requested_unit_cents: 3000, unit_cents: 3000, total_cents: 3000, medicine: 1, unavailable: 0 },
        { ...line, position: 2, code: '900000035', requested_unit_cents: 900, unit_cents: 900, total_cents: 900, medicine: 1, unavailable: 1 },
      ])
      .execute();
    await moveOrder(pharmacist, order.id, 'complete', null);
    expect(await scoreOf(user.id)).toBe(36);
  });

  it('awards nothing for a cancelled order', async () => {
    const { user } = await createUser(d.ctx, { shopId });
    const order = await insertOrder(d.ctx, { userId: user.id, shopId, status: 'confirmed', subtotal_cents: 5000 });
    await moveOrder(pharmacist, order.id, 'cancel', null);
    expect(await scoreOf(user.id)).toBe(0);
  });
});
