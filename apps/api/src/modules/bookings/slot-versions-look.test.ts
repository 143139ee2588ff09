import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import type { Insertable } from 'kysely';
import { createUser } from '../../../test/factories/users.js';
import type { ReservationTable } from './bookings.table.js';
import { romeInstant } from './rome-time.js';
import { closeShop, createBookableService, createStaff, everyDay, setRomeNow, slotTimes } from '../../../test/factories/bookings.js';

/**
 * On SQLite the slot versions a kept day's slots are stamped with (the rules', the staff's busy ones) are looked at
 * once per pass of the event loop's poll (decision 0683, 0677's rule): this process's writes show at the very next
 * answer, inside one pass too; another process's commit from the next poll on, not within the pass that looked. Each
 * case runs its requests without I/O in between, so they share one pass (checked).
 */
describe.skipIf(testEngine !== 'sqlite')("a kept day's slots look at their versions once per poll (sqlite)", () => {
  let t: TestApp;
  let serviceId: number;
  let shopId: number;
  let staffId: number;
  const loopPass = () => performance.nodeTiming.uvMetricsInfo.loopCount;
  /** Until the loop has polled again (the second immediate runs in the next pass's check phase). */
  const nextPoll = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

  beforeAll(async () => {
    t = await buildTestApp();
    setRomeNow(t.app, '2027-02-01', '08:00');
    ({ serviceId, shopId } = await createBookableService(t.app, { duration: 60, paddingAfter: 0 }));
    staffId = await createStaff(t.app, shopId, [serviceId], everyDay('09:00', '11:00'));
  });
  afterAll(() => t.close());

  it('looks once for the slots of one pass', async () => {
    const day = '2027-02-10';
    await slotTimes(t.app, serviceId, day);
    const executor = t.app.db.getExecutor() as unknown as { executeQuery: (q: { sql: string }) => Promise<unknown> };
    const run = executor.executeQuery;
    let looks = 0;
    executor.executeQuery = function (this: unknown, q) {
      if (/slot_rules_state|staff_busy_state/.test(q.sql)) looks++;
      return run.call(this, q);
    };
    try {
      await nextPoll();
      const pass = loopPass();
      const answers = await Promise.all(Array.from({ length: 5 }, () => slotTimes(t.app, serviceId, day)));
      expect(loopPass()).toBe(pass);
      expect(answers).toEqual(Array.from({ length: 5 }, () => ['09:00', '10:00']));
    } finally {
      executor.executeQuery = run;
    }
    expect(looks).toBe(1);
  });

  it("shows this process's writes at the next answer, in the same pass: a closure, a booking", async () => {
    const day = '2027-02-11';
    expect(await slotTimes(t.app, serviceId, day)).toEqual(['09:00', '10:00']);
    const booking = await bookingAt(day, '09:00');
    await nextPoll();
    expect(await slotTimes(t.app, serviceId, day)).toEqual(['09:00', '10:00']);
    const pass = loopPass();
    await t.app.db.insertInto('reservations').values(booking).execute();
    expect(await slotTimes(t.app, serviceId, day)).toEqual(['10:00']);
    await closeShop(t.app, shopId, day, staffId);
    expect(await slotTimes(t.app, serviceId, day)).toEqual([]);
    expect(loopPass()).toBe(pass);
  });

  it("shows another process's commit from the loop's next poll on, not inside the pass that looked", async () => {
    const day = '2027-02-12';
    // A connection this process's database module did not open stands for another process.
    const elsewhere = new SQLite(t.config.databaseUrl);
    try {
      expect(await slotTimes(t.app, serviceId, day)).toEqual(['09:00', '10:00']);
      const pass = loopPass();
      elsewhere
        .prepare("insert into staff_exceptions (shop_id, staff_id, date_from, date_to, start_time, end_time, reason, created_at) values (?, ?, ?, ?, null, null, 'Chiusura', ?)")
        .run(shopId, staffId, day, day, new Date().toISOString());
      expect(await slotTimes(t.app, serviceId, day)).toEqual(['09:00', '10:00']);
      expect(loopPass()).toBe(pass);
      await nextPoll();
      expect(await slotTimes(t.app, serviceId, day)).toEqual([]);
    } finally {
      elsewhere.close();
    }
  });

  /** A booked reservation of the staff member on `day` at `time` (Rome, an hour), as the booking route writes it. */
  async function bookingAt(day: string, time: string): Promise<Insertable<ReservationTable>> {
    const { user } = await createUser(t.app);
    const start = new Date(romeInstant(day, time));
    const end = new Date(start.getTime() + 60 * 60_000).toISOString();
    const [hh, mm] = time.split(':').map(Number) as [number, number];
    return {
      user_id: user.id,
      shop_id: shopId,
      service_id: serviceId,
      staff_id: staffId,
      event_id: null,
      day,
      start_appointment: time,
      end_appointment: `${String(hh + 1).padStart(2, '0')}:${String(mm).padStart(2, '0')}`,
      start_at: start.toISOString(),
      end_at: end,
      busy_until: end,
      note: null,
      status: 'booked',
      cancelled_at: null,
      reminder_queued_at: null,
      created_at: new Date().toISOString(),
    };
  }
});
