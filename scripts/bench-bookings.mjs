// The bookings part of `npm run bench` (issue 6): slot generation for a month of a busy shop
// (5 staff, 15-minute services) and 50 concurrent bookings of one slot, on SQLite and, when it
// can be started, PostgreSQL. Runs apps/api/bench/bookings-bench.ts per engine and writes the
// figures into docs/benchmarks.md between the bench:bookings markers.
import { pathToFileURL } from 'node:url';
import { benchOnEngines, writeBenchSection } from './bench-support.mjs';

export async function benchBookings({ write = true } = {}) {
  const results = await benchOnEngines('bookings', 'apps/api/bench/bookings-bench.ts', { TZ: 'UTC' });
  const ms = (s) => `${s.median} / ${s.p95} / ${s.min}`;
  const col = (f) => results.map(f).join(' | ');
  const first = results[0];
  const text = [
    `Run of ${new Date().toISOString()}. Shop: ${first.shop.staff} staff, ${first.shop.serviceMinutes}-minute service, ${first.shop.hours}, month ${first.shop.month} with ${first.shop.bookedReservations} bookings already made.`,
    '',
    `| median / p95 / min (ms) | ${results.map((r) => r.engine).join(' | ')} |`,
    `|---|${results.map(() => '---|').join('')}`,
    `| month availability, computation only | ${col((r) => ms(r.slotGeneration.pureMonthAvailabilityMs))} |`,
    `| every day's slots of the month, computation only | ${col((r) => ms(r.slotGeneration.pureEveryDaySlotsMs))} |`,
    `| month calendar over HTTP | ${col((r) => ms(r.slotGeneration.httpMonthAvailabilityMs))} |`,
    `| one day's slots over HTTP | ${col((r) => ms(r.slotGeneration.httpDaySlotsMs))} |`,
    `| ${first.concurrentBooking.requests} concurrent bookings of one slot | ${col((r) => `${r.concurrentBooking.created} created, ${r.concurrentBooking.conflicts} × 409, ${r.concurrentBooking.other} other, ${r.concurrentBooking.totalMs} ms`)} |`,
  ].join('\n');
  console.log(`\n${text}`);
  if (write) {
    writeBenchSection('bookings', 'Bookings (issue 6)', text);
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchBookings();
