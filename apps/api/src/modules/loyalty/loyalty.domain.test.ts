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
    expect(await awardOrderPoints(d.ctx.db, completed)).toMatchObject({ awarded: 0, score: 51 });
    expect(await scoreOf(user.id)).toBe(51);
  });

  it('awards nothing for a cancelled order', async () => {
    const { user } = await createUser(d.ctx, { shopId });
    const order = await insertOrder(d.ctx, { userId: user.id, shopId, status: 'confirmed', subtotal_cents: 5000 });
    await moveOrder(pharmacist, order.id, 'cancel', null);
    expect(await scoreOf(user.id)).toBe(0);
  });
});
