import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, secondInstance, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { calendarDays, closeShop, createBookableService, createStaff, everyDay, setRomeNow, slotTimes } from '../../../test/factories/bookings.js';

/**
 * Decision 0586: a day's slots and the month's calendar keep the service, its staff, their hours
 * and the closures between requests while the slot rules' version (migration 0135) stays. A change
 * made elsewhere — another API instance, the back office on another process — shows at this
 * instance's next request.
 */
const TODAY = '2027-02-01';
const DAY = '2027-02-10';

describe(`slot rules kept in memory (${testEngine})`, () => {
  let t: TestApp;
  let other: { app: FastifyInstance; close(): Promise<void> };
  let shopId: number;
  let serviceId: number;
  let staffId: number;

  const times = () => slotTimes(t.app, serviceId, DAY);
  const calendar = () => calendarDays(t.app, serviceId, '2027-02');

  beforeAll(async () => {
    t = await buildTestApp();
    setRomeNow(t.app, TODAY, '08:00');
    ({ serviceId, shopId } = await createBookableService(t.app, { duration: 30, paddingAfter: 0 }));
    staffId = await createStaff(t.app, shopId, [serviceId], everyDay('09:00', '13:00'));
    other = await secondInstance(t);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it("follows another instance's change of the hours, the service, a closure and the staff", async () => {
    expect(await times()).toHaveLength(8);
    expect(await calendar()).toContain(DAY);

    await other.app.db.updateTable('staff_hours').set({ end_time: '11:00' }).where('staff_id', '=', staffId).execute();
    expect(await times()).toEqual(['09:00', '09:30', '10:00', '10:30']);

    await other.app.db.updateTable('services').set({ duration: 60 }).where('id', '=', serviceId).execute();
    expect(await times()).toEqual(['09:00', '10:00']);

    await closeShop(other.app, shopId, DAY);
    expect(await times()).toEqual([]);
    expect(await calendar()).not.toContain(DAY);
    await other.app.db.deleteFrom('staff_exceptions').where('shop_id', '=', shopId).execute();
    expect(await times()).toEqual(['09:00', '10:00']);

    await other.app.db.updateTable('staff').set({ active: 0 }).where('id', '=', staffId).execute();
    expect(await times()).toEqual([]);
    await other.app.db.updateTable('staff').set({ active: 1 }).where('id', '=', staffId).execute();
    await other.app.db.deleteFrom('staff_services').where('staff_id', '=', staffId).execute();
    expect(await times()).toEqual([]);
    expect(await calendar()).toEqual([]);

    await other.app.db.updateTable('services').set({ active: 0 }).where('id', '=', serviceId).execute();
    expect((await t.app.inject({ url: `/api/services/${serviceId}/slots/${DAY}` })).statusCode).toBe(404);
  });
});
