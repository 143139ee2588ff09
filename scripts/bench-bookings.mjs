// The bookings part of `npm run bench` (issue 6): slot generation for a month of a busy shop
// (5 staff, 15-minute services) and 50 concurrent bookings of one slot, on SQLite and, when it
// can be started, PostgreSQL. Runs apps/api/bench/bookings-bench.ts per engine and writes the
// figures into docs/benchmarks.md between the bench:bookings markers.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeBenchSection } from './bench-support.mjs';

const root = path.resolve(import.meta.dirname, '..');

function runEngine(engine, env) {
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/api/bench/bookings-bench.ts'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, TZ: 'UTC', ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`bookings bench on ${engine} failed: ${r.stderr.slice(-2000)}`);
  return JSON.parse(r.stdout.slice(r.stdout.indexOf('{')));
}

export async function benchBookings({ write = true } = {}) {
  const results = [runEngine('sqlite', { TEST_DB: 'sqlite' })];
  try {
    const { startPostgres } = await import('./postgres.mjs');
    results.push(runEngine('postgres', { TEST_DB: 'postgres', TEST_DATABASE_URL: startPostgres() }));
  } catch (error) {
    console.log(`[bench] bookings on postgres skipped: ${error.message.split('\n')[0]}`);
  }
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
