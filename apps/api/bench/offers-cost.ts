/**
 * Developer aid (issue 18 "Scale"): what each kind of the offers bench's requests costs the API
 * process in CPU, a shop's first request apart from the others, with the app in-process on the
 * bench database and the requests sent one at a time (so `process.cpuUsage` around a request is
 * that request's, whatever else the machine runs — the steadier figure on a shared machine), plus
 * the PostgreSQL backends' CPU for the whole run.
 *
 *   DATABASE_URL=postgres://…/farmacia_bench_offers tsx apps/api/bench/offers-cost.ts REQUESTS.json [COUNT=4000] [SKIP=0]
 * CONCURRENCY=N keeps N requests under way at once (as the bench's connections do: statements of
 * several requests then share the turns of the event loop), the CPU per request of the whole run
 * only (no kind's own figures).
 * PROFILE=FILE writes a CPU profile of the requests; ALLOC=1 adds the young generation's and promoted bytes per request
 * (`gc-window.ts`: bytes, unlike times, hold still on a loaded machine), ALLOC=sites also the top allocation sites' bytes per request; BODIES=FILE writes every answer's path and body, one a line
 * (to compare two builds' answers byte for byte: `cmp` the two files). REQUESTS.json: `[{ kind, path }]` in the bench's order (`node scripts/bench-offers-profile.mjs --write-requests FILE` writes it).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { startGcWindow } from './gc-window.js';
import { backendsCpu, countIo } from './io-counts.js';

const [file, countArg, skipArg] = process.argv.slice(2);
const listed = JSON.parse(readFileSync(file as string, 'utf8')) as { kind: string; path: string }[];
const skip = Number(skipArg ?? 0);
const requests = listed.slice(skip, skip + Number(countArg ?? 4000));
// Statements sent per request (each a socket write of the process and a round trip), socket writes and reads.
const io = countIo();
const config = loadConfig({ ...process.env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'farmacia-cost-')), SEED_DEMO: '0', SEARCH_LIMIT_PER_MINUTE: '0' }, { outboxWorker: false });
const started = performance.now();
const app = await buildApp(config, { logger: false });
await app.inject({ method: 'GET', url: '/api/product/search?q=tachipirina&shop_id=1' });
const readyMs = performance.now() - started;
// The requests before SKIP are answered first, unmeasured: the bench's load window starts after
// its warm-up, when most shops have been asked for already.
const seen = new Set<string>();
for (const request of listed.slice(0, skip)) {
  await app.inject({ method: 'GET', url: request.path });
  seen.add(/shop_id=(\d+)/.exec(request.path)?.[1] ?? '');
}

const admin = new pg.Client({ connectionString: config.databaseUrl });
await admin.connect();
const pgBefore = await backendsCpu(admin);
// PROFILE=FILE: a CPU profile of the requests (not of the start).
const session = process.env.PROFILE ? new Session() : null;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
// ALLOC=1: the requests' young-generation and promoted bytes.
/** The inspector session the allocation sites are sampled through (the profile's, else one of their own). */
function connected(): Session {
  if (session) return session;
  const own = new Session();
  own.connect();
  return own;
}
const gcWindow = process.env.ALLOC ? await startGcWindow(connected(), process.env.ALLOC === 'sites') : null;
const byKind = new Map<string, { first: number[]; warm: number[]; statements: number[] }>();
const bodies: string[] = [];
const statementsBeforeAll = io.statements;
const writesBefore = io.socketWrites;
const readsBefore = io.socketReads;
const cpuBefore = process.cpuUsage();
const wallBefore = performance.now();
const concurrency = Number(process.env.CONCURRENCY ?? 0);
if (concurrency > 0) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests.length) {
        const at = next++;
        const request = requests[at] as { kind: string; path: string };
        const response = await app.inject({ method: 'GET', url: request.path });
        if (response.statusCode !== 200) throw new Error(`${request.path} answered ${response.statusCode}: ${response.body}`);
        if (process.env.BODIES) bodies[at] = `${request.path} ${response.body}`;
      }
    }),
  );
}
for (const request of concurrency > 0 ? [] : requests) {
  const shop = /shop_id=(\d+)/.exec(request.path)?.[1] ?? '';
  const first = !seen.has(shop);
  seen.add(shop);
  const before = process.cpuUsage();
  const statementsBefore = io.statements;
  const response = await app.inject({ method: 'GET', url: request.path });
  const used = process.cpuUsage(before);
  if (response.statusCode !== 200) throw new Error(`${request.path} answered ${response.statusCode}: ${response.body}`);
  if (process.env.BODIES) bodies.push(`${request.path} ${response.body}`);
  let kind = byKind.get(request.kind);
  if (!kind) {
    kind = { first: [], warm: [], statements: [] };
    byKind.set(request.kind, kind);
  }
  (first ? kind.first : kind.warm).push((used.user + used.system) / 1000);
  if (!first) kind.statements.push(io.statements - statementsBefore);
}
const total = process.cpuUsage(cpuBefore);
const allocation = gcWindow ? (JSON.parse(await gcWindow.stop()) as { youngAllocated: number; promoted: number; top: { site: string; bytes: number }[] }) : null;
const statementsPerRequest = (io.statements - statementsBeforeAll) / requests.length;
const socketWritesPerRequest = (io.socketWrites - writesBefore) / requests.length;
const socketReadsPerRequest = (io.socketReads - readsBefore) / requests.length;
const wallMs = performance.now() - wallBefore;
if (process.env.BODIES) writeFileSync(process.env.BODIES, `${bodies.join('\n')}\n`);
if (session) writeFileSync(process.env.PROFILE as string, JSON.stringify((await session.post('Profiler.stop')).profile));
let pgMs = 0;
for (const [pid, ms] of await backendsCpu(admin)) pgMs += ms - (pgBefore.get(pid) ?? 0);
await admin.end();
await app.close();

const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length);
const median = (xs: number[]) => (xs.length === 0 ? 0 : ([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number));
const kinds = Object.fromEntries(
  [...byKind].map(([kind, { first, warm, statements }]) => [
    kind,
    { firstN: first.length, firstMeanMs: mean(first), warmN: warm.length, warmMeanMs: mean(warm), warmMedianMs: median(warm), warmStatements: mean(statements) },
  ]),
);
const all = [...byKind.values()].flatMap((k) => [...k.first, ...k.warm]);
console.log(
  JSON.stringify({
    readyMs,
    requests: requests.length,
    shops: seen.size,
    cpuMsPerRequest: (total.user + total.system) / 1000 / requests.length,
    statementsPerRequest,
    socketWritesPerRequest,
    socketReadsPerRequest,
    measuredMeanMs: mean(all),
    pgCpuMsPerRequest: pgMs / requests.length,
    wallMsPerRequest: wallMs / requests.length,
    ...(allocation && { youngKbPerRequest: allocation.youngAllocated / 1024 / requests.length, promotedBPerRequest: allocation.promoted / requests.length }),
    ...(allocation?.top.length && { sitesBPerRequest: allocation.top.map(({ site, bytes }) => `${Math.round(bytes / requests.length)} ${site}`) }),
    heapMb: process.memoryUsage().heapUsed / 1048576,
    rssMb: process.memoryUsage().rss / 1048576,
    kinds,
  }),
);
