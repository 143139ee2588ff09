import type { FastifyInstance } from 'fastify';
import { seedBookings } from '../../modules/bookings/bookings.seed.js';
import { seedCatalogue } from '../../modules/catalogue/catalogue.seed.js';
import { nowIso } from '../column.js';
import { seedShopSettings } from './shop-settings.seed.js';
import { seedDemoUsers } from './users.seed.js';
import { seedLoyalty } from '../../modules/loyalty/loyalty.seed.js';
import { seedMedia } from '../../modules/media/media.seed.js';
import { seedVouchers } from '../../modules/vouchers/vouchers.seed.js';
import { seedPickupPoints } from '../../modules/addresses/addresses.seed.js';
import { seedPaymentProviders } from '../../modules/payments/payments.seed.js';

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
  // Demo shops sell SOP/OTC online (decision 0400); kept when the legal-data seed already set a code.
  await app.db.updateTable('shops').set({ ministry_authorization_code: 'DEMO-0001' }).where('ministry_authorization_code', 'is', null).execute();
  await seedDemoUsers(app, shops);
  await seedCatalogue(app);
  // Services 1–3 are the featured ones of select_service; the demo customer gets one booking.
  await seedBookings(app, shops);
  // Duty-shift rota and the turni/volantino PDFs; loyalty rates and the demo customer's card.
  await seedMedia(app, shops);
  await seedLoyalty(app, shops);
  // Discount codes of every kind (README "Demo vouchers").
  await seedVouchers(app, shops);
  // Pickup points of the checkout and the sandbox payment merchants.
  await seedPickupPoints(app, shops);
  await seedPaymentProviders(app, shops);
}
