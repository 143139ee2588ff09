/**
 * Developer aid (issue 22, decision 0683): what one of the API bench's routes costs a request in
 * figures the machine's load does not move — statements sent, socket writes and reads of the
 * database connections, PostgreSQL commits (`pg_stat_database.xact_commit` of the database) — and
 * the CPU of this process and of the database's backends, with the app in-process on the data a
 * previous `node scripts/bench-api.mjs` seeded (`TMPDIR` and `BENCH_TAG` name it, as there).
 * The requests are bench-api.mjs's scenario for the route, `CONCURRENCY` at once (50: what the
 * bench's connections hand the server; 1: one after the other). `BODIES=FILE` writes every answer
 * (status, headers but date and request id, body), one a line, to compare two builds byte for byte.
 *   DATA_DIR=/tmp/farmacia-bench-api-postgres DATABASE_URL=postgres://…/farmacia_bench_api_TAG \
 *     tsx apps/api/bench/route-cost.ts ROUTE [COUNT=3000] [SKIP=0]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { backendsCpu, countIo } from './io-counts.js';
// @ts-expect-error: a plain ES module of the bench scripts, without types.
import { scenarios } from '../../../scripts/bench-api.mjs';

interface Scenario {
  key: string;
  expect: number;
  next(): { method?: string; path: string; headers?: Record<string, string>; body?: unknown };
}

const [route = 'cartSet', countArg, skipArg] = process.argv.slice(2);
const count = Number(countArg ?? 3000);
const skip = Number(skipArg ?? 0);
const concurrency = Number(process.env.CONCURRENCY ?? 50);

/** STATEMENTS=1: how many of each statement (its first 120 characters) the measured requests sent. */
const byText = new Map<string, number>();
let counting = false;
const io = countIo({
  sqlite: true,
  seen: (text) => {
    if (counting && process.env.STATEMENTS) byText.set(text.slice(0, 120), (byText.get(text.slice(0, 120)) ?? 0) + 1);
  },
});

const dataDir = process.env.DATA_DIR as string;
const fixtures = JSON.parse(readFileSync(path.join(dataDir, 'bench-fixtures.json'), 'utf8'));
const config = loadConfig({ ...process.env, SEED_DEMO: '0', LOG_LEVEL: 'warn', TZ: 'UTC', PAYMENT_MODE: 'sandbox' }, { outboxWorker: false });
const app = await buildApp(config, { logger: false });
const etag = (await app.inject({ method: 'GET', url: '/api/' })).headers.etag as string;
const scenario = (scenarios(fixtures, etag) as Scenario[]).find((s) => s.key === route);
if (!scenario) throw new Error(`no route ${route}`);

async function send() {
  const r = scenario!.next();
  const response = await app.inject({
    method: (r.method ?? 'GET') as 'GET',
    url: r.path,
    headers: { ...(r.headers ?? {}), ...(r.body ? { 'content-type': 'application/json' } : {}) },
    ...(r.body ? { payload: JSON.stringify(r.body) } : {}),
  });
  if (response.statusCode !== scenario!.expect) throw new Error(`${r.path} answered ${response.statusCode}: ${response.body}`);
  const { date: _, 'x-request-id': __, ...headers } = response.headers;
  return `${r.method ?? 'GET'} ${r.path} ${JSON.stringify(r.body ?? null)} ${response.statusCode} ${JSON.stringify(headers)} ${response.body}`;
}

async function run(n: number, keep?: string[]) {
  let started = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, n) }, async () => {
      while (started < n) {
        const at = started++;
        const answer = await send();
        if (keep) keep[at] = answer;
      }
    }),
  );
}

const isPostgres = config.engine === 'postgres';
const admin = isPostgres ? new pg.Client({ connectionString: config.databaseUrl }) : null;
await admin?.connect();
/** This database's commits so far; an idle backend reports its own within 10 s (PostgreSQL 15), hence the wait. */
async function commits(): Promise<number> {
  if (!admin) return 0;
  await new Promise((r) => setTimeout(r, 11_000));
  const { rows } = await admin.query<{ n: string }>('select xact_commit as n from pg_stat_database where datname = current_database()');
  return Number(rows[0]?.n);
}
await run(skip);
const bodies: string[] = [];
const commitsBefore = await commits();
const pgBefore = admin ? await backendsCpu(admin) : new Map<number, number>();
const [s0, w0, r0] = [io.statements, io.socketWrites, io.socketReads];
const cpuBefore = process.cpuUsage();
counting = true;
await run(count, process.env.BODIES ? bodies : undefined);
counting = false;
const cpu = process.cpuUsage(cpuBefore);
const [s1, w1, r1] = [io.statements, io.socketWrites, io.socketReads];
let pgMs = 0;
for (const [pid, ms] of admin ? await backendsCpu(admin) : []) pgMs += ms - (pgBefore.get(pid) ?? 0);
// The two reads of the admin connection between (each its own commit) are not the route's.
const commitsAfter = await commits();
if (process.env.BODIES) writeFileSync(process.env.BODIES, `${bodies.join('\n')}\n`);
await admin?.end();
await app.close();
const per = (x: number) => Math.round((x / count) * 1000) / 1000;
console.log(
  JSON.stringify({
    route,
    requests: count,
    concurrency,
    statementsPerRequest: per(s1 - s0),
    socketWritesPerRequest: per(w1 - w0),
    socketReadsPerRequest: per(r1 - r0),
    commitsPerRequest: isPostgres ? per(commitsAfter - commitsBefore - 2) : null,
    nodeCpuMsPerRequest: per((cpu.user + cpu.system) / 1000),
    pgCpuMsPerRequest: isPostgres ? per(pgMs) : null,
    ...(process.env.STATEMENTS && { statements: Object.fromEntries([...byText].sort((a, b) => b[1] - a[1]).map(([text, n]) => [text, per(n)])) }),
  }),
);
