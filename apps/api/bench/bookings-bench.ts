/**
 * Bookings benchmark: slot generation for a month of a busy shop and the concurrent booking of
 * one slot. Standalone: `npx tsx apps/api/bench/bookings-bench.ts` prints one JSON object.
 * Engine: SQLite by default; TEST_DB=postgres TEST_DATABASE_URL=postgres://… for PostgreSQL.
 *
 * The shop: 5 staff members, Monday–Saturday 08:00–20:00, a 15-minute service with no padding,
 * about 60% of the month already booked (rows inserted directly, the way a busy month looks).
 */
import { performance } from 'node:perf_hooks';
import { buildTestApp, testEngine } from '../test/build-test-app.js';
import { createBookableService, createStaff } from '../test/factories/bookings.js';
import { createCustomer } from '../test/factories/customers.js';
import { slotRulesFor } from '../src/modules/bookings/availability.service.js';
import { addDays, lastDayOfMonth } from '../src/modules/bookings/rome-time.js';
import { availableDays, freeSlots, indexBusy, staffCandidates } from '../src/modules/bookings/slots.js';
import { getServiceRow } from '../src/modules/services/services.service.js';
import { bookedRow } from './booked-row.js';
import { stats } from './stats.js';

const STAFF = 5;
const OCCUPANCY = 0.6;
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 50);


async function time<T>(fn: () => Promise<T> | T): Promise<[number, T]> {
  const start = performance.now();
  const result = await fn();
  return [performance.now() - start, result];
}

async function main() {
  const t = await buildTestApp();
  try {
    // A fixed Monday 08:00 in Rome, so every run measures the same month.
    const now = new Date('2027-03-01T07:00:00Z');
    t.app.clock.now = () => now;
    const month = '2027-03';
    const first = `${month}-01`;
    const last = lastDayOfMonth(first);

    const { serviceId, shopId } = await createBookableService(t.app, { name: 'Test rapido', duration: 15, paddingAfter: 0 });
    const workWeek = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '20:00' }));
    const staffIds: number[] = [];
    for (let i = 0; i < STAFF; i++) staffIds.push(await createStaff(t.app, shopId, [serviceId], workWeek, `Farmacista ${i + 1}`));
    const customer = await createCustomer(t.app, { shopId });
    const service = await getServiceRow(t.app.db, serviceId);

    // Fill ~60% of every staff member's slots of the month (deterministic pattern).
    const rows = [];
    let n = 0;
    for (let day = first; day <= last; day = addDays(day, 1)) {
      const rules = await slotRulesFor(t.app.db, service, day, day, now);
      for (const staffId of staffIds) {
        const member = rules.staff.find((s) => s.id === staffId);
        if (!member) continue;
        for (const slot of staffCandidates(rules, member, day)) {
          if (n++ % 10 >= OCCUPANCY * 10) continue;
          rows.push(bookedRow({ userId: customer.id, shopId, serviceId, staffId, day, slot, at: now.toISOString() }));
        }
      }
    }
    for (let i = 0; i < rows.length; i += 500) await t.app.db.insertInto('reservations').values(rows.slice(i, i + 500)).execute();

    // 1. Pure generation (rules already loaded): the month's available days, and every day's slots.
    const monthRules = await slotRulesFor(t.app.db, service, first, last, now);
    const pureMonth: number[] = [];
    const pureAllDays: number[] = [];
    let days: string[] = [];
    let slotsInMonth = 0;
    for (let r = 0; r < RUNS; r++) {
      const [ms, result] = await time(() => availableDays(monthRules, first, last));
      pureMonth.push(ms);
      days = result;
      const [ms2, count] = await time(() => {
        let c = 0;
        const index = indexBusy(monthRules.busy);
        for (let day = first; day <= last; day = addDays(day, 1)) c += freeSlots(monthRules, day, index).length;
        return c;
      });
      pureAllDays.push(ms2);
      slotsInMonth = count;
    }

    // 2. Through HTTP: the calendar call (month availability) and one day's slots, database included.
    const httpMonth: number[] = [];
    const httpDay: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const [ms, res] = await time(() => t.app.inject({ method: 'GET', url: `/api/services/${serviceId}/availability?month=${month}` }));
      if (res.statusCode !== 200) throw new Error(`availability ${res.statusCode}`);
      httpMonth.push(ms);
      const [ms2] = await time(() => t.app.inject({ method: 'GET', url: `/api/reservations/${serviceId}/2027-03-15` }));
      httpDay.push(ms2);
    }

    // 3. Concurrent booking of one free slot.
    const day = '2027-03-16';
    const free = freeSlots(await slotRulesFor(t.app.db, service, day, day, now), day)[0];
    if (!free) throw new Error('no free slot to race for');
    const [raceMs, responses] = await time(() =>
      Promise.all(
        Array.from({ length: CONCURRENT }, () =>
          t.app.inject({
            method: 'POST',
            url: `/api/reservations/${serviceId}`,
            headers: customer.auth,
            payload: { staff_id: free.staffId, day, start_appointment: free.time },
          }),
        ),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);

    console.log(
      JSON.stringify(
        {
          bench: 'bookings',
          engine: testEngine,
          shop: { staff: STAFF, serviceMinutes: 15, hours: 'Mon–Sat 08:00–20:00', month, bookedReservations: rows.length },
          slotGeneration: {
            availableDays: days.length,
            freeSlotsInMonth: slotsInMonth,
            pureMonthAvailabilityMs: stats(pureMonth),
            pureEveryDaySlotsMs: stats(pureAllDays),
            httpMonthAvailabilityMs: stats(httpMonth),
            httpDaySlotsMs: stats(httpDay),
          },
          concurrentBooking: {
            requests: CONCURRENT,
            created: statuses.filter((s) => s === 201).length,
            conflicts: statuses.filter((s) => s === 409).length,
            other: statuses.filter((s) => s !== 201 && s !== 409).length,
            totalMs: Math.round(raceMs),
          },
        },
        null,
        2,
      ),
    );
  } finally {
    await t.close();
  }
}

await main();
