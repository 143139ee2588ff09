import type { FastifyInstance } from 'fastify';
import { nowIso } from '../column.js';
import { seedShopSettings } from './shop-settings.seed.js';
import { seedDemoUsers } from './users.seed.js';

/**
 * Fills an empty database with the demo pharmacy. Each module adds its part in `seedDemo`;
 * nothing is written when a shop already exists, so restarts keep the data.
 */
export async function seedDemoIfEmpty(app: FastifyInstance): Promise<boolean> {
  const existing = await app.db.selectFrom('shops').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  await seedDemo(app);
  app.log.info('demo pharmacy seeded');
  return true;
}

export async function seedDemo(app: FastifyInstance): Promise<void> {
  const shops = await app.db.transaction().execute(async (trx) =>
    trx
      .insertInto('shops')
      .values([
        { name: 'Farmacia San Marco', created_at: nowIso() },
        { name: 'Farmacia Centrale', created_at: nowIso() },
      ])
      .returning(['id', 'name'])
      .execute(),
  );
  // Options, content and images of both shops; then the demo accounts (README "Demo accounts").
  await seedShopSettings(app, shops);
  await seedDemoUsers(app, shops);
}
