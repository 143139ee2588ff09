import { openDatabase } from '../apps/api/src/db/database.js';
import { loadCatalogueIndex, nameSubstrings } from '../apps/api/src/search/postgres-postings.js';
import { queryWords } from '../apps/api/src/search/query-text.js';

const url = 'postgres://postgres@127.0.0.1:54329/farmacia_bench_offers';
const h = openDatabase('postgres', url);
let t = performance.now();
const index = await loadCatalogueIndex(h.db);
console.log('load', (performance.now() - t).toFixed(0), 'ms; terms', index.terms.length, 'heap', (process.memoryUsage().heapUsed / 1e6).toFixed(0));
const qs = ['epraz', 'sert', 'paro', 'derm', 'simv', 'krka', 'nmiesulide', 'alpraholam', 'lenivival', 'pirina'];
for (let round = 0; round < 3; round++) {
  const c = process.cpuUsage();
  for (const q of qs) nameSubstrings(index, queryWords(q), Number.MAX_SAFE_INTEGER);
  const u = process.cpuUsage(c);
  console.log('nameSubstrings per query', ((u.user + u.system) / 1000 / qs.length).toFixed(3), 'ms');
}
const c2 = process.cpuUsage();
for (let i = 0; i < 10; i++) for (const q of qs) index.terms.filter((term) => term.includes(q));
const u2 = process.cpuUsage(c2);
console.log('terms scan per part', ((u2.user + u2.system) / 1000 / qs.length / 10).toFixed(3), 'ms');
await h.close();
