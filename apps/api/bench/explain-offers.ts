/**
 * `npm run bench -- --only offers`: every SQL statement the customer routes run, with its plan.
 * Builds the app in-process on the bench database, records each statement the `pg` clients are
 * sent while one request of each kind is answered (a request twice: the first also reads what
 * is read once, a shop's shelf; the app's first search, which loads the search index, is recorded
 * as `start-up`), then runs `EXPLAIN (ANALYZE, BUFFERS)` of each with the
 * parameters it was sent, three times, and keeps the fastest execution (the first may read
 * from disk). Prints the plans on stderr and one JSON line on stdout.
 *
 *   DATABASE_URL=postgres://… tsx apps/api/bench/explain-offers.ts '[{"kind":"search","path":"/api/…"}]'
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { watchStatements } from './statement-watch.js';

interface Recorded {
  text: string;
  values: unknown[];
  kinds: Set<string>;
}

const requests = JSON.parse(process.argv[2] ?? '[]') as { kind: string; path: string }[];
/** The name the start-up's statements are recorded under (scripts/bench-offers.mjs reports them apart). */
const STARTUP = 'start-up';
const recorded = new Map<string, Recorded>();
let kind: string | null = null;

watchStatements((text, values) => {
  if (kind === null) return;
  const known = recorded.get(text) ?? { text, values, kinds: new Set<string>() };
  known.kinds.add(kind);
  recorded.set(text, known);
});

const config = loadConfig({ ...process.env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'farmacia-explain-')), SEED_DEMO: '0' }, { outboxWorker: false });
const app = await buildApp(config, { logger: false });
// The search index's load (its pages of the master, once per instance and search version) is
// start-up, as the bench's "ready" measures it, not a statement of the request that happens to
// come first: recorded under its own name.
kind = STARTUP;
await app.inject({ method: 'GET', url: '/api/product/search?q=tachipirina&shop_id=1' });
for (const request of requests) {
  kind = request.kind;
  for (let i = 0; i < 2; i++) {
    const response = await app.inject({ method: 'GET', url: request.path });
    if (response.statusCode !== 200) throw new Error(`${request.path} answered ${response.statusCode}: ${response.body}`);
  }
}
kind = null;
await app.close();

const client = new pg.Client({ connectionString: config.databaseUrl });
await client.connect();
const plans: { kinds: string[]; sql: string; executionMs: number; plan: string[] }[] = [];
for (const statement of recorded.values()) {
  let best = Number.POSITIVE_INFINITY;
  let plan: string[] = [];
  for (let i = 0; i < 3; i++) {
    const result = await client.query(`explain (analyze, buffers) ${statement.text}`, statement.values);
    const lines = result.rows.map((r) => r['QUERY PLAN'] as string);
    const ms = Number(/Execution Time: ([\d.]+) ms/.exec(lines.join('\n'))?.[1] ?? Number.NaN);
    if (ms < best) {
      best = ms;
      plan = lines;
    }
  }
  plans.push({ kinds: [...statement.kinds], sql: statement.text.replace(/\s+/g, ' ').trim(), executionMs: best, plan });
}
await client.end();
plans.sort((a, b) => b.executionMs - a.executionMs);
for (const p of plans) {
  console.error(`\n-- ${p.executionMs.toFixed(3)} ms [${p.kinds.join(', ')}] ${p.sql}`);
  console.error(p.plan.map((l) => `   ${l}`).join('\n'));
}
console.log(JSON.stringify(plans.map(({ kinds, sql, executionMs, plan }) => ({ kinds, sql, executionMs, plan }))));
