/**
 * Developer aid (issue 18 "Scale"): where a request of the offers bench goes, on the database a
 * previous `npm run bench -- --only offers` kept. The real server (`apps/api/bench/profile-server.ts`)
 * gets the bench's requests in the bench's order (a warm-up of `--warm` seconds, then `--duration`
 * seconds measured) and the figures that hold still on a shared machine are printed: the server's
 * CPU per request and the PostgreSQL backends' (their /proc times, the bench database's backends
 * only), how many requests were a shop's first, and with `--profile` the CPU profile's top items.
 * As the API's and the search's profiles (`startProfileServer` of bench-support.mjs): `--alloc` gives the window's
 * young-generation and promoted bytes per request, collections per 10,000 requests, their pauses (median, p90) and the
 * bytes surviving each scavenge; `--sites` adds the sampling heap profiler's top sites, `--survivors` lists only the sites of
 * bytes that lived through a scavenge (decision 0638); `--pauses` the pauses and the event loop's delay;
 * `--node-args='…'` runs the server with those flags after `npm start`'s; `--gc-trace` adds V8's `--trace-gc-nvp` phases.
 *   node scripts/bench-offers-profile.mjs [--duration 10] [--warm 3] [--connections 50] [--profile | --pauses | --alloc | --sites | --survivors] [--node-args='…'] [--gc-trace]
 *   node scripts/bench-offers-profile.mjs --write-requests FILE   (the load's requests, for apps/api/bench/offers-cost.ts)
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { benchOptions, cpuSecondsOf, freePort, load, loadSummary, memoryOf, PROFILE_OPTIONS, startProfileServer, stopProcess } from './bench-support.mjs';
import { aloneAndLoad, benchRequests, DATABASE } from './bench-offers.mjs';

const values = benchOptions({
  duration: '10',
  warm: '3',
  connections: '50',
  'write-requests': undefined,
  ...PROFILE_OPTIONS,
});
const { startPostgres } = await import('./postgres.mjs');
const url = new URL(startPostgres());
url.pathname = `/${DATABASE}`;
const databaseUrl = url.toString();
const keep = path.join(os.tmpdir(), 'farmacia-bench-offers');
const { requests } = await benchRequests(databaseUrl, keep);
const { fresh } = aloneAndLoad(requests);
if (values['write-requests']) {
  // The load's requests in its order, for apps/api/bench/offers-cost.ts (CPU per request in-process).
  writeFileSync(values['write-requests'], JSON.stringify(fresh));
  process.exit(0);
}

/** CPU seconds of the bench database's backends, by pid (a backend that left keeps its last figure). */
const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
async function backendCpu(into = new Map()) {
  const { rows } = await admin.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [DATABASE]);
  for (const { pid } of rows) {
    try {
      into.set(pid, cpuSecondsOf(pid));
    } catch {
      // gone between the two reads
    }
  }
  return into;
}

mkdirSync(values.out, { recursive: true });
const port = await freePort();
const env = { DATA_DIR: mkdtempSync(path.join(keep, 'p-')), DATABASE_URL: databaseUrl, SEED_DEMO: '0', LOG_LEVEL: 'warn', HOST: '127.0.0.1', TZ: 'UTC', SEARCH_LIMIT_PER_MINUTE: '0', PORT: String(port) };
const started = performance.now();
const profiled = await startProfileServer(values, env, async (out) => {
  if (!out.includes('READY')) return false;
  return (await fetch(`http://127.0.0.1:${port}/api/product/search?q=tachipirina&shop_id=1`)).status === 200;
});
const { server } = profiled;
console.log(`ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
try {
  const connections = Number(values.connections);
  let at = 0;
  const next = () => ({ path: fresh[at++ % fresh.length].path });
  await load(port, next, Number(values.warm), connections);
  const shopOf = (p) => /shop_id=(\d+)/.exec(p)?.[1];
  const seenBefore = new Set(fresh.slice(0, at).map((r) => shopOf(r.path)));
  const from = at;
  await profiled.openWindow();
  const loadBefore = os.loadavg()[0];
  const cpuBefore = cpuSecondsOf(server.pid);
  const pgBefore = await backendCpu();
  const result = loadSummary(await load(port, next, Number(values.duration), connections));
  const cpuMs = (cpuSecondsOf(server.pid) - cpuBefore) * 1000;
  const { rssBytes, peakRssBytes } = memoryOf(server.pid);
  const pgAfter = await backendCpu(new Map(pgBefore));
  let pgMs = 0;
  for (const [pid, seconds] of pgAfter) pgMs += (seconds - (pgBefore.get(pid) ?? 0)) * 1000;
  const firsts = new Set(fresh.slice(from, at).map((r) => shopOf(r.path)).filter((s) => !seenBefore.has(s))).size;
  console.log(
    `${result.requestsPerSecond} req/s, p50 ${result.p50Ms} / p99 ${result.p99Ms} ms, ${result.requests} requests (${firsts} a shop's first), ` +
      `server CPU ${(cpuMs / result.requests).toFixed(3)} ms and PostgreSQL CPU ${(pgMs / result.requests).toFixed(3)} ms per request, ` +
      `non-2xx ${result.non2xx}, RSS ${(rssBytes / 1048576).toFixed(0)} MB (peak ${(peakRssBytes / 1048576).toFixed(0)}), ` +
      `load ${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}`,
  );
  const report = await profiled.closeWindow(result.requests, 30);
  if (report) console.log(report);
} finally {
  await admin.end();
  await stopProcess(server);
}
