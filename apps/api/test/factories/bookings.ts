import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/database.js';
import { createEvent } from '../../src/modules/events/events.service.js';
import { romeInstant } from '../../src/modules/bookings/rome-time.js';
import type { WeeklyHours } from '../../src/modules/bookings/slots.js';
import { createCategory, createService, type NewService } from '../../src/modules/services/services.service.js';
import { createClosure, createStaffMember } from '../../src/modules/staff/staff.service.js';
import type { TestApp } from '../build-test-app.js';
import { ensureShop } from './customers.js';

/** Bookable services, staff and events for the booking suites, built through the modules' services. */

export const everyDay = (start: string, end: string): WeeklyHours[] =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start, end }));

/** Moves the app's clock to a Rome wall-clock time (booking rules read `app.clock`). */
export function setRomeNow(app: FastifyInstance, day: string, time: string): Date {
  const now = new Date(romeInstant(day, time));
  app.clock.now = () => now;
  return now;
}

export async function createCategoryFor(app: FastifyInstance, shopId: number, name = 'Analisi'): Promise<number> {
  return createCategory(app.db, shopId, name, 'Servizi di prova');
}

export async function createBookableService(
  app: FastifyInstance,
  overrides: Partial<NewService> & { shopId?: number } = {},
): Promise<{ serviceId: number; shopId: number; categoryId: number }> {
  const shopId = overrides.shopId ?? (await ensureShop(app));
  const categoryId = overrides.categoryId ?? (await createCategoryFor(app, shopId));
  const serviceId = await createService(app.db, {
    shopId,
    categoryId,
    name: 'Misurazione della pressione',
    description: '<p>Misurazione della pressione arteriosa.</p>',
    priceCents: 500,
    duration: 30,
    paddingAfter: 0,
    showPrice: true,
    bookingCancellations: 1,
    ...overrides,
  });
  return { serviceId, shopId, categoryId };
}

export async function createStaff(
  app: FastifyInstance,
  shopId: number,
  serviceIds: number[],
  hours: WeeklyHours[] = everyDay('09:00', '13:00'),
  name = 'Dott.ssa Bianchi',
): Promise<number> {
  return createStaffMember(app.db, { shopId, name, serviceIds, hours });
}

export async function closeShop(app: FastifyInstance, shopId: number, day: string, staffId: number | null = null): Promise<void> {
  await createClosure(app.db, { shopId, staffId, from: day, to: day, reason: 'Chiusura' });
}

export async function createEventOn(
  app: FastifyInstance,
  shopId: number,
  serviceIds: number[],
  day: string,
  start: string,
  end: string,
  name = 'Giornata della pelle',
): Promise<number> {
  return createEvent(app.db, {
    shopId,
    name,
    description: '<p>Consulenze gratuite.</p>',
    serviceIds,
    windows: [{ start: new Date(romeInstant(day, start)), end: new Date(romeInstant(day, end)) }],
  });
}

/**
 * A second server instance on the same database as `t` (its own connection or pool), as when
 * several API processes run behind a load balancer: requests to both race for real.
 */
export async function secondInstance(t: TestApp): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database = openDatabase(t.config.engine, t.config.databaseUrl);
  const app = await buildApp(t.config, { database, logger: false });
  await app.ready();
  app.clock.now = t.app.clock.now;
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
