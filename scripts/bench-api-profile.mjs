/**
 * Developer aid (issue 22): the CPU profile of one API route under the bench's load, on the data a
 * previous `node scripts/bench-api.mjs` seeded. The server runs `apps/api/bench/profile-server.ts`
 * (profiled only between two SIGUSR2, after a warm-up); prints the route's req/s, the main thread's
 * busy time per request (what the route costs in-process) and the profile's top items.
 * With `--alloc` (or `--sites`) the window records young-generation allocation and collections per request
 * instead of a CPU profile (`gc-window.ts`).
 *   node scripts/bench-api-profile.mjs --engine sqlite --route product [--duration 8] [--connections 50] [--alloc | --sites]
 */
import { mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchOptions, freePort, serverAllocation, load, loadSummary, serverProfileSummary, startProcess, stopProcess } from './bench-support.mjs';
import { scenarios } from './bench-api.mjs';

const root = path.resolve(import.meta.dirname, '..');
const values = benchOptions({ engine: 'sqlite', route: 'product', duration: '8', connections: '50', alloc: false, sites: false, out: path.join(root, '.data-test/bench/cpu-profiles') });
const allocating = values.alloc || values.sites;
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
const server = await startProcess(['apps/api/bench/profile-server.ts', values.out], { ...env, PORT: String(port), ALLOC: values.sites ? 'sites' : values.alloc ? '1' : '' }, async (out) => {
  output = out;
  return out.includes('READY');
});
try {
  const etag = (await fetch(`http://127.0.0.1:${port}/api/`)).headers.get('etag');
  const scenario = scenarios(fixtures, etag).find((s) => s.key === values.route);
  if (!scenario) throw new Error(`unknown route ${values.route}`);
  const connections = Number(values.connections);
  await load(port, scenario.next, 4, connections);
  server.kill('SIGUSR2');
  await new Promise((r) => setTimeout(r, 300));
  const result = loadSummary(await load(port, scenario.next, Number(values.duration), connections));
  const summary = allocating ? await serverAllocation(server, result.requests) : await serverProfileSummary(server, 20);
  // The CPU profile's summary says how long the main thread was busy; an allocation window does not.
  const busyMs = Number(/busy (\d+) ms/.exec(summary)?.[1] ?? Number.NaN);
  const busy = allocating ? '' : `main thread busy ${(busyMs / result.requests).toFixed(3)} ms per request, `;
  console.log(
    `${engine} ${values.route}: ${result.requestsPerSecond} req/s, p50 ${result.p50Ms} / p99 ${result.p99Ms} ms, ${result.requests} requests, ` +
      `${busy}non-2xx ${result.non2xx}, load ${os.loadavg()[0].toFixed(1)}`,
  );
  console.log(summary);
} catch (error) {
  console.error(output);
  throw error;
} finally {
  await stopProcess(server);
}
