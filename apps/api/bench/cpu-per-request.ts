/**
 * Developer aid (issue 22): the CPU time one request of each busy route costs in-process, on the
 * data a previous `node scripts/bench-api.mjs` seeded — the figure a shared machine barely moves
 * (other processes' work is not counted, no sockets, no load generator). Sequential `app.inject`
 * calls after a warm-up, `process.cpuUsage` around each round; prints best and median per route.
 * With `--profile OUT_DIR` it also writes a CPU profile of one round per route. With `--ab` (SQLite)
 * the rounds alternate between Kysely's own executor and the direct one (db/sqlite-direct.ts), so
 * both are measured under the same load, minutes of other work apart at most a round. With `--at-once N`
 * the calls go N at a time (what a poll of 50 connections hands the server): on SQLite the cart set's
 * writes of one turn then share a commit (decision 0617), as under the API bench, which one call at a
 * time never shows. The mail outbox worker stays off: its retries were ~4 % of the profiles, no route's work.
 *   DATA_DIR=/tmp/farmacia-bench-api-sqlite tsx apps/api/bench/cpu-per-request.ts [--rounds 3 --calls 400 --routes product,cartSet --ab --at-once 50]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
// @ts-expect-error: a plain ES module of the bench scripts, without types.
import { scenarios } from '../../../scripts/bench-api.mjs';

interface Scenario {
  key: string;
  expect: number;
  next(): { method?: string; path: string; headers?: Record<string, string>; body?: unknown };
}

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    calls: { type: 'string', default: '400' },
    warmup: { type: 'string', default: '200' },
    routes: { type: 'string', default: 'product,cartSet,orders,slots' },
    profile: { type: 'string' },
    ab: { type: 'boolean', default: false },
    'at-once': { type: 'string', default: '1' },
  },
});
const config = loadConfig(process.env, { outboxWorker: false });
const atOnce = Number(values['at-once']);
const fixtures = JSON.parse(readFileSync(path.join(config.dataDir, 'bench-fixtures.json'), 'utf8'));
const app = await buildApp(config, { logger: false });
await app.ready();
const etag = (await app.inject({ url: '/api/' })).headers.etag;
const all = scenarios(fixtures, etag) as Scenario[];
// The direct executor is an own property over Kysely's method: deleting it restores Kysely's path.
const executor = app.db.getExecutor() as unknown as Record<string, unknown>;
const direct = Object.hasOwn(executor, 'executeQuery') ? executor.executeQuery : undefined;
const variants = values.ab && direct ? ['kysely', 'direct'] : ['as built'];
function use(variant: string): void {
  if (variant === 'kysely') delete executor.executeQuery;
  else if (variant === 'direct') executor.executeQuery = direct;
}
const session = values.profile ? new Session() : undefined;
session?.connect();

/** `count` calls, `atOnce` at a time. */
async function calls(s: Scenario, count: number): Promise<void> {
  for (let i = 0; i < count; i += atOnce) await Promise.all(Array.from({ length: Math.min(atOnce, count - i) }, () => call(s)));
}

async function call(s: Scenario): Promise<void> {
  const { method = 'GET', path: url, headers, body } = s.next();
  const res = await app.inject({ method: method as 'GET', url, ...(headers ? { headers } : {}), ...(body ? { payload: body as object } : {}) });
  if (res.statusCode !== s.expect) throw new Error(`${s.key}: ${res.statusCode} ${res.body.slice(0, 200)}`);
}

const ms = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
for (const key of values.routes.split(',')) {
  const s = all.find((x) => x.key === key);
  if (!s) throw new Error(`unknown route ${key}`);
  await calls(s, Number(values.warmup));
  const perCall = new Map<string, number[]>(variants.map((v) => [v, []]));
  for (let round = 0; round < Number(values.rounds) * variants.length; round += 1) {
    const variant = variants[round % variants.length] as string;
    use(variant);
    const profiling = session !== undefined && round < variants.length;
    if (profiling) {
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    const start = process.cpuUsage();
    await calls(s, Number(values.calls));
    const spent = ms(process.cpuUsage(start)) / Number(values.calls);
    if (profiling) {
      const { profile } = await session.post('Profiler.stop');
      const file = path.join(values.profile as string, `inject-${key}-${variant.replace(' ', '-')}-${Date.now()}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      console.log(`PROFILE ${key} ${variant} ${file}`);
    } else perCall.get(variant)?.push(spent);
  }
  for (const [variant, times] of perCall) {
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `${config.engine} ${key} (${variant}): CPU per request best ${sorted[0]?.toFixed(3)} / median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(3)} ms ` +
        `(${sorted.length} × ${values.calls} calls ${atOnce} at once, load ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')})`,
    );
  }
}
await app.close();
