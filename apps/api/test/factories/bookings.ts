import { ServiceAvailabilityResponseSchema, ServiceSlotsResponseSchema } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../src/context.js';
import { createEvent } from '../../src/modules/events/events.service.js';
import { romeInstant } from '../../src/modules/bookings/rome-time.js';
import type { WeeklyHours } from '../../src/modules/bookings/slots.js';
import { createCategory, createService, type NewService } from '../../src/modules/services/services.service.js';
import { createClosure, createStaffMember } from '../../src/modules/staff/staff.service.js';
import { ensureShop } from './customers.js';

/**
 * Bookable services, staff and events for the booking suites, built through the modules' services.
 * Nothing here loads the web framework, so the domain suites (a plain context) use it too.
 */

export const everyDay = (start: string, end: string): WeeklyHours[] =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start, end }));

/** Moves the app's clock to a Rome wall-clock time (booking rules read `app.clock`). */
export function setRomeNow(app: FastifyInstance, day: string, time: string): Date {
  const now = new Date(romeInstant(day, time));
  app.clock.now = () => now;
  return now;
}

export async function createCategoryFor(app: ServiceContext, shopId: number, name = 'Analisi'): Promise<number> {
  return createCategory(app.db, shopId, name, 'Servizi di prova');
}

export async function createBookableService(
  app: ServiceContext,
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
  app: ServiceContext,
  shopId: number,
  serviceIds: number[],
  hours: WeeklyHours[] = everyDay('09:00', '13:00'),
  name = 'Dott.ssa Bianchi',
): Promise<number> {
  return createStaffMember(app.db, { shopId, name, serviceIds, hours });
}

export async function closeShop(app: ServiceContext, shopId: number, day: string, staffId: number | null = null): Promise<void> {
  await createClosure(app.db, { shopId, staffId, from: day, to: day, reason: 'Chiusura' });
}

export async function createEventOn(
  app: ServiceContext,
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

async function answer(app: FastifyInstance, url: string): Promise<unknown> {
  const res = await app.inject({ url });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The free times of a service's day, as `GET /api/services/:id/slots/:day` answers them. */
export async function slotTimes(app: FastifyInstance, serviceId: number, day: string): Promise<string[]> {
  return ServiceSlotsResponseSchema.parse(await answer(app, `/api/services/${serviceId}/slots/${day}`)).availableSlots.map((s) => s.time);
}

/** The calendar's days with a free slot in `month` ('YYYY-MM'). */
export async function calendarDays(app: FastifyInstance, serviceId: number, month: string): Promise<string[]> {
  return ServiceAvailabilityResponseSchema.parse(await answer(app, `/api/services/${serviceId}/availability?month=${month}`)).availableDate;
}

