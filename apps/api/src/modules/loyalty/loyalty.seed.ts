import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/column.js';
import { setShopOption } from '../shops/index.js';
import { awardPoints, LOYALTY_SETTINGS } from './loyalty.service.js';

/** The demo customer (README "Demo accounts"). */
const DEMO_CUSTOMER_EMAIL = 'cliente@farmacia.demo';

/**
 * Loyalty rates of the demo shops (1 point per euro, 100 points for a friend who signs up) and
 * a card with points for the demo customer in their shop.
 */
export async function seedLoyalty(app: FastifyInstance, shops: Array<{ id: number }>): Promise<void> {
  const at = nowIso();
  for (const shop of shops) {
    await setShopOption(app.db, shop.id, LOYALTY_SETTINGS.pointsPerEuro, '1', at);
    await setShopOption(app.db, shop.id, LOYALTY_SETTINGS.referralRewardPoints, '100', at);
  }
  const customer = await app.db
    .selectFrom('users')
    .select(['id', 'shop_id'])
    .where('email', '=', DEMO_CUSTOMER_EMAIL)
    .executeTakeFirst();
  if (!customer) return;
  await awardPoints(app.db, {
    userId: customer.id,
    shopId: customer.shop_id,
    points: 240,
    reason: 'welcome',
    reference: `welcome:${customer.id}`,
  });
}
