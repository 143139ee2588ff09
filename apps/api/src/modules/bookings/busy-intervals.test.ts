import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, secondInstance, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { calendarDays, createBookableService, createStaff, everyDay, setRomeNow, slotTimes } from '../../../test/factories/bookings.js';
import { createUser } from '../../../test/factories/users.js';
import { romeInstant } from './rome-time.js';

/**
 * Decision 0591: a day's slots read the reservations holding the staff between a lower bound on
 * their start (the longest busy span the database accepts, 48 hours) and the day's end, on the
 * booked reservations' index, and keep them while the staff's busy versions stay (migration 0137).
 * A booking, cancellation or deletion written by another instance is in the next answer (day and
 * calendar); a reservation that started up to 48 hours earlier still takes the day's slots; a
 * longer one is refused by the database.
 */
const TODAY = '2027-02-01';
const DAY = '2027-02-10';
const HOUR_MS = 3_600_000;

describe(`the busy intervals of a day's slots (${testEngine})`, () => {
  let t: TestApp;
  let other: { app: FastifyInstance; close(): Promise<void> };
  let shopId: number;
  let serviceId: number;
  let staffId: number;
  let userId: number;

  const times = () => slotTimes(t.app, serviceId, DAY);
  const calendar = () => calendarDays(t.app, serviceId, '2027-02');
  /** A booked reservation of the staff member from `start` (Rome day and time), busy for `hours`. */
  const reserve = (app: FastifyInstance, day: string, start: string, hours: number) => {
    const startMs = romeInstant(day, start);
    return app.db
      .insertInto('reservations')
      .values({
        user_id: userId,
        shop_id: shopId,
        service_id: serviceId,
        staff_id: staffId,
        event_id: null,
        day,
        start_appointment: `${start}:00`,
        end_appointment: `${start}:00`,
        start_at: new Date(startMs).toISOString(),
        end_at: new Date(startMs + hours * HOUR_MS).toISOString(),
        busy_until: new Date(startMs + hours * HOUR_MS).toISOString(),
        note: null,
        status: 'booked',
        created_at: '2027-01-31T08:00:00.000Z',
        cancelled_at: null,
        reminder_queued_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  };

  beforeAll(async () => {
    t = await buildTestApp();
    setRomeNow(t.app, TODAY, '08:00');
    ({ serviceId, shopId } = await createBookableService(t.app, { duration: 60, paddingAfter: 0 }));
    staffId = await createStaff(t.app, shopId, [serviceId], everyDay('09:00', '13:00'));
    userId = (await createUser(t.app, { shopId })).user.id;
    other = await secondInstance(t);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it("follows another instance's booking at the next request", async () => {
    expect(await times()).toEqual(['09:00', '10:00', '11:00', '12:00']);
    const { id } = await reserve(other.app, DAY, '10:00', 1);
    expect(await times()).toEqual(['09:00', '11:00', '12:00']);
    await other.app.db.updateTable('reservations').set({ status: 'cancelled' }).where('id', '=', id).execute();
    expect(await times()).toEqual(['09:00', '10:00', '11:00', '12:00']);

    expect(await calendar()).toContain(DAY);
    const wholeDay = await reserve(other.app, DAY, '09:00', 4);
    expect(await times()).toEqual([]);
    expect(await calendar()).not.toContain(DAY);
    await other.app.db.deleteFrom('reservations').where('id', '=', wholeDay.id).execute();
    expect(await calendar()).toContain(DAY);
  });

  it('counts a reservation that started up to 48 hours before the day', async () => {
    // From the day before yesterday at 12:30 to this day's 11:30: 47 hours.
    const { id } = await reserve(other.app, '2027-02-08', '12:30', 47);
    expect(await times()).toEqual(['12:00']);
    await other.app.db.deleteFrom('reservations').where('id', '=', id).execute();
    expect(await times()).toEqual(['09:00', '10:00', '11:00', '12:00']);
  });

  it('refuses a reservation holding its staff longer than 48 hours', async () => {
    await expect(reserve(other.app, '2027-02-08', '09:00', 49)).rejects.toThrow(/reservations_span_check/);
    const { id } = await reserve(other.app, '2027-02-08', '12:00', 1);
    await expect(
      other.app.db.updateTable('reservations').set({ busy_until: new Date(romeInstant('2027-02-10', '12:01')).toISOString() }).where('id', '=', id).execute(),
    ).rejects.toThrow(/reservations_span_check/);
    expect(await times()).toEqual(['09:00', '10:00', '11:00', '12:00']);
  });
});
