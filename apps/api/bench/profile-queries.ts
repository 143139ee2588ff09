/**
 * Developer aid: times every query of a built benchmark database in-process (no HTTP), through
 * the SQLite search adapter as the search route calls it, and prints the slowest.
 *   tsx apps/api/bench/profile-queries.ts DIR [substring of the queries to keep]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../src/db/database.js';
import { renderSearchHit } from '../src/modules/catalogue/catalogue.service.js';
import { SqliteFts5Search } from '../src/search/sqlite-fts5.js';

const dir = process.argv[2] ?? '/tmp/fb250';
const filter = process.argv[3];
const file = path.join(dir, 'farmacia.sqlite');
const database = openDatabase('sqlite', file);
const search = SqliteFts5Search.open(file, database.db);
const mix = JSON.parse(readFileSync(path.join(dir, 'query-mix.json'), 'utf8')) as { kind: string; path: string }[];
const rows: { kind: string; q: string; p: number; ms: number; total: number }[] = [];
const byKind = new Map<string, number>();
for (const entry of mix) {
  const params = new URL(entry.path, 'http://x').searchParams;
  const q = params.get('q') as string;
  if (filter && !q.includes(filter)) continue;
  const p = Number(params.get('p'));
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 5; i++) {
    // CPU time, not wall time: other processes on a shared machine do not count.
    const t = process.cpuUsage();
    // With the route's hit rendering, so the page's hits come as the route gets them (decision 0170).
    total = (await search.search({ shopId: 1, text: q, offset: (p - 1) * 10, limit: 10, renderHit: renderSearchHit })).total;
    const d = process.cpuUsage(t);
    times.push((d.user + d.system) / 1000);
  }
  rows.push({ kind: entry.kind, q, p, ms: Math.min(...times), total });
  byKind.set(entry.kind, (byKind.get(entry.kind) ?? 0) + Math.min(...times));
}
rows.sort((a, b) => b.ms - a.ms);
console.log(rows.slice(0, 25).map((r) => `${r.ms.toFixed(2)}ms ${r.kind} "${r.q}" p=${r.p} total=${r.total}`).join('\n'));
const sum = rows.reduce((s, r) => s + r.ms, 0);
console.log(`mean ${(sum / rows.length).toFixed(3)} ms over ${rows.length}`);
console.log([...byKind].map(([kind, ms]) => `${kind}: ${ms.toFixed(1)} ms in all`).join(', '));
await search.close();
await database.close();
