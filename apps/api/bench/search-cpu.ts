/**
 * Developer aid (issue 18 "Scale", the one-shop SQLite search): the CPU one search request costs
 * in-process — routing, hooks, validation, the search, the body — on the catalogue a previous
 * `npm run bench -- --only search --engines sqlite` built, with no socket and no load generator, so
 * a shared machine barely moves it. The bench's 570 queries through `app.inject`, warmed up once,
 * then `--rounds` rounds timed with `process.cpuUsage`; prints each round's mean and the best, and
 * with `--kinds` each kind of query's best mean (timed one request at a time, so slightly higher).
 *   DATA_DIR=/tmp/farmacia-bench-sqlite-250000 tsx apps/api/bench/search-cpu.ts [--rounds 7] [--kinds]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { tuneGarbageCollector } from '../src/garbage-collector.js';

// The collector as server.ts runs it (decisions 0380, 0637).
tuneGarbageCollector();
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '7' }, kinds: { type: 'boolean', default: false } } });
const config = { ...loadConfig(), searchLimitPerMinute: 0 };
const mix = JSON.parse(readFileSync(path.join(config.dataDir, 'query-mix.json'), 'utf8')) as { kind: string; path: string }[];
const app = await buildApp(config, { logger: false });
await app.ready();
for (const { path: url } of mix) {
  const response = await app.inject({ url });
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
}
const rounds: number[] = [];
// Per kind: the best round's mean, in µs.
const kinds = new Map<string, number>();
for (let round = 0; round < Number(values.rounds); round++) {
  const start = process.cpuUsage();
  if (values.kinds) {
    const sums = new Map<string, [number, number]>();
    for (const { kind, path: url } of mix) {
      const one = process.cpuUsage();
      await app.inject({ url });
      const used = process.cpuUsage(one);
      const sum = sums.get(kind) ?? [0, 0];
      sums.set(kind, [(sum[0] as number) + used.user + used.system, (sum[1] as number) + 1]);
    }
    for (const [kind, [us, n]] of sums) kinds.set(kind, Math.min(kinds.get(kind) ?? Number.POSITIVE_INFINITY, us / n));
  } else {
    for (const { path: url } of mix) await app.inject({ url });
  }
  const used = process.cpuUsage(start);
  rounds.push((used.user + used.system) / 1000 / mix.length);
}
console.log(`CPU per request (ms): ${rounds.map((r) => r.toFixed(4)).join(' ')}; best ${Math.min(...rounds).toFixed(4)}`);
if (values.kinds) console.log([...kinds].map(([kind, us]) => `${kind} ${us.toFixed(1)}`).join(', '), '(µs, best round)');
await app.close();
