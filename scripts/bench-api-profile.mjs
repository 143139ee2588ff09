/**
 * Developer aid (issue 22): the CPU profile of one API route under the bench's load, on the data a
 * previous `node scripts/bench-api.mjs` seeded. The server runs `apps/api/bench/profile-server.ts`
 * (profiled only between two SIGUSR2, after a warm-up); prints the route's req/s, the main thread's
 * busy time per request (what the route costs in-process) and the profile's top items.
 * With `--alloc` (or `--sites`) the window records young-generation allocation and collections per request
 * instead of a CPU profile (`gc-window.ts`); `--survivors` lists only the sites of bytes that lived through a
 * scavenge (decision 0638: any site of ours there outlives its request). `--node-args='--max-semi-space-size=16 …'`
 * runs the server with those flags after `npm start`'s (decision 0173: they override its young generation); `--gc-trace` adds V8's `--trace-gc-nvp` phases
 * of the window's scavenges.
 * Routes: bench-api.mjs's scenarios, and `login`.
 * `--warmup` seconds of load before the window (4): the cart set and the order list cycle through 10,000 customers, each a token
 * and a session new to the server on its first request; a window after a few thousand requests profiles those first reads,
 * where the API bench's 15 s at 50 connections profile mostly customers seen before.
 * The data is bench-api.mjs's: `TMPDIR` moves its SQLite directory and `BENCH_TAG` names its PostgreSQL database.
 *   node scripts/bench-api-profile.mjs --engine sqlite --route product [--duration 8] [--warmup 4] [--connections 50] [--alloc | --sites | --survivors | --pauses] [--node-args='--max-semi-space-size=16'] [--gc-trace]
 */
import { mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchOptions, cpuSecondsOf, freePort, load, loadSummary, memoryOf, PROFILE_OPTIONS, startProfileServer, stopProcess, tailOf } from './bench-support.mjs';
import { scenarios } from './bench-api.mjs';

/** Every seeded customer's password (`apps/api/bench/api-seed.ts`). */
const SEED_PASSWORD = 'Password123!';
const values = benchOptions({
  engine: 'sqlite',
  route: 'product',
  duration: '8',
  warmup: '4',
  connections: '50',
  ...PROFILE_OPTIONS,
});
const engine = values.engine;
const dataDir = path.join(os.tmpdir(), `farmacia-bench-api-${engine}`);
const fixtures = JSON.parse(readFileSync(path.join(dataDir, 'bench-fixtures.json'), 'utf8'));
const env = { DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn', HOST: '127.0.0.1', TZ: 'UTC', OUTBOX_WORKER: '0', PAYMENT_MODE: 'sandbox' };
if (engine === 'postgres') {
  const { startPostgres } = await import('./postgres.mjs');
  const url = new URL(startPostgres());
  url.pathname = `/farmacia_bench_api${process.env.BENCH_TAG ? `_${process.env.BENCH_TAG}` : ''}`;
  env.DATABASE_URL = url.toString();
}
mkdirSync(values.out, { recursive: true });
const port = await freePort();
let output = '';
const profiled = await startProfileServer(
  values,
  { ...env, PORT: String(port) },
  async (out) => {
    output = out;
    return out.includes('READY');
  },
  { profile: true },
);
const { server } = profiled;
try {
  const etag = (await fetch(`http://127.0.0.1:${port}/api/`)).headers.get('etag');
  let k = 0;
  // Login is profiled here only (its scrypt makes it no load route of the bench): each of the seeded customers in turn.
  const login = {
    key: 'login',
    next: () => ({ method: 'POST', path: '/api/auth/login', body: { email: `cliente.bench.${k++ % fixtures.tokens.length}@example.it`, password: SEED_PASSWORD } }),
  };
  const scenario = [...scenarios(fixtures, etag), login].find((s) => s.key === values.route);
  if (!scenario) throw new Error(`unknown route ${values.route}`);
  const connections = Number(values.connections);
  await load(port, scenario.next, Number(values.warmup), connections);
  await profiled.openWindow(300);
  const cpuBefore = cpuSecondsOf(server.pid);
  const result = loadSummary(await load(port, scenario.next, Number(values.duration), connections));
  const cpuMs = (cpuSecondsOf(server.pid) - cpuBefore) * 1000;
  const { rssBytes, peakRssBytes } = memoryOf(server.pid);
  const summary = await profiled.closeWindow(result.requests, 20);
  // The CPU profile's summary says how long the main thread was busy; an allocation or pause window does not.
  const busyMs = Number(/busy (\d+) ms/.exec(summary)?.[1] ?? Number.NaN);
  const busy = Number.isNaN(busyMs) ? '' : `main thread busy ${(busyMs / result.requests).toFixed(3)} ms per request, `;
  console.log(
    `${engine} ${values.route}: ${result.requestsPerSecond} req/s, p50 ${result.p50Ms} / p99 ${result.p99Ms} ms (${tailOf(result)}), ${result.requests} requests, ` +
      `server CPU ${(cpuMs / result.requests).toFixed(3)} ms per request, ${busy}non-2xx ${result.non2xx}, RSS ${(rssBytes / 1048576).toFixed(0)} MB (peak ${(peakRssBytes / 1048576).toFixed(0)}), load ${os.loadavg()[0].toFixed(1)}`,
  );
  console.log(summary);
} catch (error) {
  console.error(output);
  throw error;
} finally {
  await stopProcess(server);
}
