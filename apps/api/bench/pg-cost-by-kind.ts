/**
 * Developer aid (issue 18): PostgreSQL's own CPU per request of each kind of the offers mix, apart
 * from Node's. The app answers requests of the list in-process (after SKIP unmeasured ones), one
 * at a time, and every statement the pg clients are sent is recorded with its kind and the plan
 * mode of its connection (the search adapter's `force_generic_plan`, the app's `auto`). Then the
 * statements are replayed one at a time on two connections of their own with those modes, as named
 * prepared statements (so on their generic plans, as the app runs them): the first half of each
 * kind's statements warms the two backends, the second half is measured by their CPU (/proc).
 * One statement at a time, each pays its own socket read and write: more than under the bench's
 * pipelined load, the same for two builds or plans being compared. DUMP=FILE writes the recorded
 * statements (text, values, kind, plan mode), for EXPLAIN (ANALYZE, BUFFERS) of their generic plans.
 * BUFFERS=1 adds each kind's shared buffers a request (hit + read, from EXPLAIN (ANALYZE, BUFFERS)
 * of the measured half's statements on the same prepared statements): a count the machine's load
 * does not move, so two builds or indexes compare in one run each.
 *   DATABASE_URL=postgres://…/farmacia_bench_offers tsx apps/api/bench/pg-cost-by-kind.ts REQUESTS.json [PER_KIND=300] [SKIP=20000]
 * REQUESTS.json: `node scripts/bench-offers-profile.mjs --write-requests FILE`.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
// @ts-expect-error pg ships no types for its utilities; prepareValue is how it serializes a parameter.
import { prepareValue } from 'pg/lib/utils.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { watchStatements } from './statement-watch.js';

interface Recorded {
  kind: string;
  text: string;
  values: unknown[];
  generic: boolean;
}
const [file, perKindArg, skipArg] = process.argv.slice(2);
const listed = JSON.parse(readFileSync(file as string, 'utf8')) as { kind: string; path: string }[];
const perKind = Number(perKindArg ?? 300);
const skip = Number(skipArg ?? 20000);
const recorded: Recorded[] = [];
let kind: string | null = null;
watchStatements((text, values, options) => {
  if (kind !== null) recorded.push({ kind, text, values, generic: options.includes('force_generic_plan') });
});
const config = loadConfig({ ...process.env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'farmacia-pgcost-')), SEED_DEMO: '0', SEARCH_LIMIT_PER_MINUTE: '0' }, { outboxWorker: false });
const app = await buildApp(config, { logger: false });
await app.inject({ method: 'GET', url: '/api/product/search?q=tachipirina&shop_id=1' });
for (const r of listed.slice(0, skip)) await app.inject({ method: 'GET', url: r.path });
const counts = new Map<string, number>();
for (const r of listed.slice(skip)) {
  if ((counts.get(r.kind) ?? 0) >= perKind) continue;
  counts.set(r.kind, (counts.get(r.kind) ?? 0) + 1);
  kind = r.kind;
  const response = await app.inject({ method: 'GET', url: r.path });
  kind = null;
  if (response.statusCode !== 200) throw new Error(`${r.path} answered ${response.statusCode}`);
}
await app.close();
if (process.env.DUMP) writeFileSync(process.env.DUMP, JSON.stringify(recorded));

const cpuMs = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};
const admin = new pg.Client({ connectionString: config.databaseUrl });
await admin.connect();
const out: Record<string, unknown>[] = [];
// Two connections (the search adapter's plan mode and the app's), as the app has; each statement on
// its own connection's kind. The first half of each kind's requests warms the backends (their
// catalogue caches, plans, the pages they mapped), the second half is measured.
const clients = new Map<boolean, { client: pg.Client; pid: number; names: Map<string, string> }>();
for (const generic of [true, false]) {
  const client = new pg.Client({ connectionString: config.databaseUrl, options: generic ? '-c plan_cache_mode=force_generic_plan' : '' });
  await client.connect();
  const pid = ((await client.query('select pg_backend_pid() as pid')).rows[0] as { pid: number }).pid;
  clients.set(generic, { client, pid, names: new Map() });
}
const nameOf = (r: Recorded) => {
  const c = clients.get(r.generic) as { client: pg.Client; pid: number; names: Map<string, string> };
  let name = c.names.get(r.text);
  if (!name) {
    name = `c${c.names.size}`;
    c.names.set(r.text, name);
  }
  return { c, name };
};
const run = async (r: Recorded) => {
  const { c, name } = nameOf(r);
  await c.client.query({ name, text: r.text, values: r.values, rowMode: 'array' });
};
/** Shared buffers (hit + read) the statement's prepared plan touches, counted by EXPLAIN (ANALYZE, BUFFERS). */
const buffersOf = async (r: Recorded) => {
  const { c, name } = nameOf(r);
  // As the wire would carry it (arrays as array literals), quoted; the prepared statement's parameter types read it.
  const literal = (v: unknown) => {
    if (v === null || v === undefined) return 'null';
    const text = Buffer.isBuffer(v) ? `\\x${v.toString('hex')}` : String(prepareValue(v));
    return c.client.escapeLiteral(text);
  };
  const { rows } = await c.client.query(`explain (analyze, buffers, format json) execute ${name}(${r.values.map(literal).join(', ')})`);
  const plan = (rows[0] as { 'QUERY PLAN': { Plan: Record<string, number> }[] })['QUERY PLAN'][0]?.Plan ?? {};
  return (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
};
const byKind = new Map<string, Recorded[][]>();
for (const r of recorded) {
  const list = byKind.get(r.kind) ?? [];
  byKind.set(r.kind, list);
  list.push([r]);
}
const halves = [...byKind].map(([k, list]) => [k, list.slice(0, list.length >> 1).flat(), list.slice(list.length >> 1).flat()] as const);
for (const [, warm] of halves) for (const r of warm) await run(r);
const cpuOf = () => cpuMs((clients.get(true) as { pid: number }).pid) + cpuMs((clients.get(false) as { pid: number }).pid);
for (const [k, , measured] of halves) {
  const c0 = cpuOf();
  const t0 = performance.now();
  for (const r of measured) await run(r);
  const wall = performance.now() - t0;
  const requests = Math.round((counts.get(k) ?? 0) / 2);
  const line: Record<string, unknown> = { kind: k, requests, statements: measured.length, pgCpuMsPerRequest: +((cpuOf() - c0) / requests).toFixed(4), wallMsPerRequest: +(wall / requests).toFixed(4) };
  if (process.env.BUFFERS) {
    let buffers = 0;
    for (const r of measured) buffers += await buffersOf(r);
    line.buffersPerRequest = +(buffers / requests).toFixed(1);
  }
  out.push(line);
}
for (const { client } of clients.values()) await client.end();
await admin.end();
for (const o of out) console.log(JSON.stringify(o));
