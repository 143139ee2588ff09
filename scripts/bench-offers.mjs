// `npm run bench -- --only offers` (issue 18 "Scale"): per-shop offers on PostgreSQL at the size of
// a thousand pharmacies — a 250,000-product master, 1,000 shops × 20,000 offers (20 M) — in a bench
// database kept between runs (apps/api/bench/build-offers.ts). Measured: how long an instance takes
// to serve, distinct catalogue requests from random shops (each alone, and at 50 connections against
// the ceiling of the same run), the plan and time of every SQL those routes run, the RSS, and how
// long a back-office price or stock change on one instance takes to show on another.
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, load, loadMeasured, memoryOf, publishBench, runTs, startProcess, stopProcess } from './bench-support.mjs';

const log = (...args) => console.log('[bench:offers]', ...args);
const BUDGET = { p99Ms: 25, ceilingShare: 0.1, aloneMs: 5, readyMs: 60_000, rssBytes: 600 * 1024 * 1024, visibleMs: 1000 };
// BENCH_OFFERS_DATABASE: a copy of it (`create database … template farmacia_bench_offers`), to try a migration or a build on
// the same data while the kept database stays as other trees expect it.
export const DATABASE = process.env.BENCH_OFFERS_DATABASE ?? 'farmacia_bench_offers';
/** The pharmacist build-offers.ts creates for shop 1. */
const PHARMACIST = { email: 'farmacista.bench@example.it', password: 'Password123!' };

/** Deterministic draws (mulberry32), so two runs send the same requests. */
function random(seed) {
  let state = seed;
  return (n) => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) % n;
  };
}

/**
 * Distinct requests from random shops: the search mix's queries, category pages (pages 1–5),
 * category trees, product pages and promotions, each with a drawn `shop_id`, none twice.
 */
function requestsOf({ searchPaths, categories, codes, shops }, count) {
  const rand = random(18);
  const seen = new Set();
  const out = [];
  const kinds = [
    [50, 'search', () => `${searchPaths[rand(searchPaths.length)]}`],
    [20, 'category page', () => {
      const slugs = categories[rand(categories.length)].split('/');
      return `/api/product/searchByCategory?${slugs.map((s, i) => `slug${i + 1}=${s}`).join('&')}&p=${1 + rand(5)}&rpp=10`;
    }],
    [8, 'category tree', () => {
      const slugs = categories[rand(categories.length)].split('/').slice(0, 3);
      return `/api/product/category?${slugs.map((s, i) => `cat${i + 1}=${s}`).join('&')}`;
    }],
    [17, 'product page', () => `/api/product/${codes[rand(codes.length)]}`],
    // Pages 1–10 (a shop has ~1,000 promotions, 100 pages): with pages 1–3 there were only 3,000
    // distinct promotions requests, fewer than the 5 % of a run at 5,000 req/s.
    [5, 'promotions', () => `/api/product/promotions?p=${1 + rand(10)}&rpp=10`],
  ];
  const weights = kinds.reduce((s, [w]) => s + w, 0);
  while (out.length < count) {
    const pick = rand(weights);
    let sum = 0;
    const [, kind, make] = kinds.find(([w]) => {
      sum += w;
      return pick < sum;
    });
    // A request drawn before is drawn again within its kind, so each kind keeps its weight however
    // many of its requests the list already holds.
    for (;;) {
      const base = make();
      const url = `${base}${base.includes('?') ? '&' : '?'}shop_id=${1 + rand(shops)}`;
      if (seen.has(url)) continue;
      seen.add(url);
      out.push({ kind, path: url });
      break;
    }
  }
  return out;
}

/** Each request alone: 1 warm-up + 7 timed over one keep-alive connection, the median; the sample twice, the lower kept. */
async function alone(port, sample) {
  const best = new Map();
  for (let pass = 0; pass < 2; pass++) {
    for (const entry of sample) {
      const times = [];
      for (let i = 0; i < 8; i++) {
        const t = performance.now();
        const response = await fetch(`http://127.0.0.1:${port}${entry.path}`);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${entry.path} answered ${response.status}`);
        if (i > 0) times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      best.set(entry.path, Math.min(best.get(entry.path) ?? Number.POSITIVE_INFINITY, times[3]));
    }
  }
  return sample.map((entry) => ({ ...entry, medianMs: best.get(entry.path) }));
}

async function json(port, url, init = {}) {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, init);
  const body = await response.json();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * A price or a stock change through the back office of instance A, polled on instance B (its
 * product page and a search for the product's name) until both show it: the time from sending
 * the change to B showing it, each of `rounds` changes.
 */
async function changeVisibility(portA, portB, code, name, rounds) {
  const { token } = await json(portA, '/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(PHARMACIST),
  });
  const results = [];
  const search = `/api/product/search?q=${encodeURIComponent(name)}&shop_id=1&rpp=50`;
  for (let i = 0; i < rounds; i++) {
    const stockChange = i % 2 === 1;
    const value = stockChange ? 100 + i : 10 + i + 0.01 * (i + 1);
    const body = stockChange ? { quantita: value } : { prezzo: value };
    const field = stockChange ? 'quantita' : 'prezzo';
    const started = performance.now();
    await json(portA, `/api/admin/catalogue/products/${code}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const writeMs = performance.now() - started;
    for (;;) {
      const product = await json(portB, `/api/product/${code}?shop_id=1`);
      const found = await json(portB, search);
      const hit = found.responses[0].hits.hits.find((h) => h._id === code);
      if (product[field] === value && hit?._source[field] === value) break;
      if (performance.now() - started > 10_000) throw new Error(`instance B still shows ${product[field]} / ${hit?._source[field]}, not ${value}`);
    }
    results.push({ change: field, writeMs, visibleMs: performance.now() - started });
  }
  return results;
}

const fmt = (ms) => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
const mark = (ok) => (ok ? '✅' : '❌');
const mb = (bytes) => `${(bytes / 1048576).toFixed(0)} MB`;

function markdown(run) {
  const lines = [];
  const b = run.build;
  lines.push(`Run of ${run.date} — ${run.machine.cpus}× ${run.machine.cpu}, Node ${run.machine.node}, load average before ${run.machine.loadBefore.join(' / ')}, after ${run.machine.loadAfter.join(' / ')}.`);
  lines.push(
    `PostgreSQL database \`${DATABASE}\`: ${run.shops.toLocaleString('en')} shops, ${b.offers.toLocaleString('en')} offers, ${run.products.toLocaleString('en')} products, ${(b.databaseBytes / 1e9).toFixed(2)} GB; ` +
      (b.generated
        ? `generated in this run in ${(b.totalMs / 1000).toFixed(0)} s (${Object.entries(b.timings).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`).join(', ')}).`
        : `kept from an earlier run (${b.migrations} migration(s) applied now, ${(b.totalMs / 1000).toFixed(1)} s).`),
  );
  lines.push(`${run.requests.toLocaleString('en')} distinct requests from random shops (search ${run.mix.search}, category pages ${run.mix['category page']}, category trees ${run.mix['category tree']}, product pages ${run.mix['product page']}, promotions ${run.mix.promotions}); autocannon, ${run.connections} connections, ${run.duration} s; no result cache; ` +
      (run.sent > run.distinct ? `**${(run.sent - run.distinct).toLocaleString('en')} of the ${run.sent.toLocaleString('en')} requests sent (with the warm-up) were repeats**.` : `${run.sent.toLocaleString('en')} sent with the warm-up, none twice.`));
  lines.push('');
  lines.push(`Ceiling (bare Fastify, constant JSON): **${run.ceiling.requestsPerSecond.toLocaleString('en')} req/s**, p99 ${run.ceiling.p99Ms} ms, ${run.ceiling.cpuMsPerRequest.toFixed(3)} ms CPU per request.`);
  if (run.floor) {
    lines.push('');
    lines.push(
      `Floor (bare Fastify and the app's \`pg\` pool, one indexed read of one offer a request, ${run.connections} connections): ` +
        `**${run.floor.requestsPerSecond.toLocaleString('en')} req/s**, p50 / p99 **${run.floor.p50Ms} / ${run.floor.p99Ms} ms**, ${run.floor.cpuMsPerRequest.toFixed(3)} ms CPU per request — ` +
        `what any route reading PostgreSQL reaches on this host${run.floor.p99Ms > BUDGET.p99Ms ? ': above the budget\'s p99 already' : ''}.`,
    );
  }
  lines.push('');
  lines.push('| | PostgreSQL, 1,000 shops | budget |');
  lines.push('|---|---|---|');
  lines.push(`| instance ready to serve after start | ${(run.readyMs / 1000).toFixed(1)} s ${mark(run.readyMs <= BUDGET.readyMs)} | ≤ 60 s |`);
  lines.push(`| req/s under load | ${run.load.requestsPerSecond.toLocaleString('en')} | |`);
  lines.push(`| share of the ceiling | ${(run.share * 100).toFixed(1)} % ${mark(run.share >= BUDGET.ceilingShare)} | ≥ 10 % |`);
  lines.push(`| p50 / p99 under load | ${run.load.p50Ms} / ${run.load.p99Ms} ms ${mark(run.load.p99Ms <= BUDGET.p99Ms)} | p99 ≤ 25 ms |`);
  lines.push(`| server CPU per request (ceiling ${run.ceiling.cpuMsPerRequest.toFixed(3)} ms) | ${run.load.cpuMsPerRequest.toFixed(3)} ms | |`);
  lines.push(`| errors / non-2xx | ${run.load.errors} / ${run.load.non2xx} | |`);
  lines.push(`| each request alone: median / slowest of ${run.alone.count} | ${fmt(run.alone.p50Ms)} / ${fmt(run.alone.maxMs)} ${mark(run.alone.maxMs <= BUDGET.aloneMs)} | ≤ 5 ms |`);
  // The search index's load (explain-offers.ts: `start-up`) is what "ready" measures; a request's statements are the budget's.
  const ofRequests = run.explain.filter((p) => p.kinds.some((k) => k !== 'start-up'));
  const ofStartUp = run.explain.filter((p) => !p.kinds.some((k) => k !== 'start-up'));
  lines.push(`| slowest SQL statement of a request alone (EXPLAIN ANALYZE, ${ofRequests.length} statements) | ${fmt(ofRequests[0]?.executionMs ?? 0)} ${mark((ofRequests[0]?.executionMs ?? 0) <= BUDGET.aloneMs)} | ≤ 5 ms |`);
  if (ofStartUp.length > 0) lines.push(`| slowest start-up statement (the search index's load, ${ofStartUp.length} statements) | ${fmt(ofStartUp[0].executionMs)} | |`);
  lines.push(`| server RSS idle → after load (peak) | ${mb(run.idleRssBytes)} → ${mb(run.rssBytes)} (${mb(run.peakRssBytes)}) ${mark(run.peakRssBytes <= BUDGET.rssBytes)} | ≤ 600 MB |`);
  const worst = Math.max(...run.visibility.map((v) => v.visibleMs));
  lines.push(`| a price / stock change on A visible on B (${run.visibility.length} changes, worst) | ${fmt(worst)} ${mark(worst <= BUDGET.visibleMs)} | ≤ 1 s |`);
  lines.push('');
  lines.push('Per kind, each alone (mean / max of the medians):');
  lines.push('');
  lines.push('| kind | requests | mean | max |');
  lines.push('|---|---|---|---|');
  for (const [kind, k] of Object.entries(run.alone.byKind)) lines.push(`| ${kind} | ${k.n} | ${fmt(k.sum / k.n)} | ${fmt(k.max)} |`);
  lines.push('');
  lines.push(`Changes through \`PUT /api/admin/catalogue/products/:code\` on A, polled on B (product page and a search for its name): ${run.visibility.map((v) => `${v.change} ${fmt(v.visibleMs)} (write ${fmt(v.writeMs)})`).join(', ')}.`);
  lines.push('');
  lines.push('Every SQL statement of those routes, EXPLAIN ANALYZE with the parameters a request sent (fastest of 3):');
  lines.push('');
  lines.push('| execution | routes | plan (top node) | statement |');
  lines.push('|---|---|---|---|');
  for (const p of run.explain) {
    const sqlText = p.sql.length > 140 ? `${p.sql.slice(0, 140)}…` : p.sql;
    lines.push(`| ${fmt(p.executionMs)} | ${p.kinds.join(', ')} | ${p.plan[0].replace(/\s+\(cost.*$/, '').trim()} | \`${sqlText.replaceAll('|', '\\|')}\` |`);
  }
  return lines.join('\n');
}

/**
 * How many distinct requests the bench draws: a run sends its warm-up (3 s) and load (15 s) from
 * one list, so at 5,000 req/s it needs 90,000 before any repeats (a repeat finds kept product
 * halves and shelves warm, not an uncached request); 100,000 leaves room past the alone sample.
 */
export const REQUEST_COUNT = 100_000;

/**
 * The requests measured each alone (one in 500: 200 of them, as many as before the list grew) and
 * the others, sent under load in their order — the split the bench and its profile script share.
 */
export function aloneAndLoad(requests) {
  return { sample: requests.filter((_, i) => i % 500 === 7), fresh: requests.filter((_, i) => i % 500 !== 7) };
}

/**
 * The bench database's REQUEST_COUNT distinct requests (`keep` holds the search mix build-offers.ts
 * wrote), its size, and a product shop 1 sells past the most popular (the change to follow).
 */
export async function benchRequests(databaseUrl, keep) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const categories = (await client.query('select path from categories order by id')).rows.map((r) => r.path);
  const codes = (await client.query('select codice_ministeriale as code from products order by id')).rows.map((r) => r.code);
  const shops = Number((await client.query('select count(*) as n from shops')).rows[0].n);
  const offered = (
    await client.query(`select p.codice_ministeriale as code, p.nome_prodotto as name from product_offers o join products p on p.id = o.product_id
      where o.shop_id = 1 and o.on_sale = 1 and p.rank > 1000 order by p.rank limit 1`)
  ).rows[0];
  await client.end();
  const searchPaths = JSON.parse(readFileSync(path.join(keep, 'query-mix.json'), 'utf8')).map((e) => e.path);
  return { requests: requestsOf({ searchPaths, categories, codes, shops }, REQUEST_COUNT), shops, products: codes.length, offered };
}

export async function benchOffers({ write = true, connections = 50, duration = 15 } = {}) {
  const { startPostgres } = await import('./postgres.mjs');
  const url = new URL(startPostgres());
  url.pathname = `/${DATABASE}`;
  const databaseUrl = url.toString();
  const keep = path.join(os.tmpdir(), 'farmacia-bench-offers');
  mkdirSync(keep, { recursive: true });
  const run = {
    date: new Date().toISOString(),
    connections,
    duration,
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? '?', node: process.version, loadBefore: os.loadavg().map((l) => l.toFixed(1)) },
  };

  log('database: kept, or generated when missing or from another generator version (20 M offers: minutes)…');
  run.build = runTs('apps/api/bench/build-offers.ts', ['--database-url', databaseUrl, '--mix', path.join(keep, 'query-mix.json')]);
  log(`database: ${run.build.generated ? 'generated' : 'kept'} in ${(run.build.totalMs / 1000).toFixed(1)} s, ${run.build.offers} offers`);

  const { requests, shops, products, offered } = await benchRequests(databaseUrl, keep);
  run.shops = shops;
  run.products = products;
  run.requests = requests.length;
  run.mix = {};
  for (const r of requests) run.mix[r.kind] = (run.mix[r.kind] ?? 0) + 1;

  const ceilingPort = await freePort();
  const ceiling = await startProcess(['apps/api/bench/ceiling-server.ts', String(ceilingPort)], {}, async (out) => out.includes('READY'));
  try {
    log('ceiling…');
    const next = () => ({ path: '/constant' });
    await load(ceilingPort, next, 3, connections);
    run.ceiling = await loadMeasured(ceiling.pid, ceilingPort, next, duration, connections);
  } finally {
    await stopProcess(ceiling);
  }

  // The floor: one indexed read of PostgreSQL a request through bare Fastify and the app's pool, at
  // the same connections — what any route reading the database can reach on this host (issue 18).
  const floorPort = await freePort();
  const floor = await startProcess(['apps/api/bench/pg-floor-server.ts', String(floorPort), databaseUrl], {}, async (out) => out.includes('READY'));
  try {
    log('floor (one indexed read a request)…');
    let drawn = 0;
    // Distinct pairs in a fixed order (a multiplicative walk over shops × products), none repeated.
    const next = () => {
      drawn++;
      return { path: `/floor/${1 + ((drawn * 7919) % shops)}/${1 + ((drawn * 104_729) % products)}` };
    };
    await load(floorPort, next, 3, connections);
    run.floor = await loadMeasured(floor.pid, floorPort, next, duration, connections);
    log(`floor: ${run.floor.requestsPerSecond} req/s, p50 / p99 ${run.floor.p50Ms} / ${run.floor.p99Ms} ms`);
  } finally {
    await stopProcess(floor);
  }

  const env = (dir) => ({ DATA_DIR: dir, DATABASE_URL: databaseUrl, SEED_DEMO: '0', LOG_LEVEL: 'warn', HOST: '127.0.0.1', TZ: 'UTC', SEARCH_LIMIT_PER_MINUTE: '0' });
  const portA = await freePort();
  const started = performance.now();
  // Ready: the first search answered (the process started, migrations checked, the index loaded).
  const serverA = await startProcess(['apps/api/src/server.ts'], { ...env(mkdtempSync(path.join(keep, 'a-'))), PORT: String(portA) }, async () => {
    const r = await fetch(`http://127.0.0.1:${portA}/api/product/search?q=tachipirina&shop_id=1`);
    return r.status === 200;
  });
  run.readyMs = performance.now() - started;
  log(`instance A ready in ${(run.readyMs / 1000).toFixed(1)} s`);
  let serverB;
  try {
    run.idleRssBytes = memoryOf(serverA.pid).rssBytes;
    // Each alone: a sample of every kind (other requests than the load's, which come after them).
    const { sample, fresh } = aloneAndLoad(requests);
    log(`each alone (${sample.length} requests)…`);
    const measured = await alone(portA, sample);
    const byKind = {};
    for (const m of measured) {
      byKind[m.kind] ??= { n: 0, sum: 0, max: 0 };
      byKind[m.kind].n++;
      byKind[m.kind].sum += m.medianMs;
      byKind[m.kind].max = Math.max(byKind[m.kind].max, m.medianMs);
    }
    const sorted = measured.map((m) => m.medianMs).sort((a, b) => a - b);
    run.alone = { count: measured.length, p50Ms: sorted[Math.floor(sorted.length / 2)], maxMs: sorted.at(-1), byKind, slowest: [...measured].sort((a, b) => b.medianMs - a.medianMs).slice(0, 5) };
    log(`alone: median ${fmt(run.alone.p50Ms)}, slowest ${fmt(run.alone.maxMs)} (${run.alone.slowest[0].path})`);

    log(`load, ${connections} connections, ${duration} s…`);
    let at = 0;
    const next = () => ({ path: fresh[at++ % fresh.length].path });
    await load(portA, next, 3, connections);
    run.load = await loadMeasured(serverA.pid, portA, next, duration, connections);
    run.share = run.load.requestsPerSecond / run.ceiling.requestsPerSecond;
    Object.assign(run, memoryOf(serverA.pid));
    run.sent = at;
    run.distinct = fresh.length;
    log(`load: ${run.load.requestsPerSecond} req/s (${(run.share * 100).toFixed(1)} % of ${run.ceiling.requestsPerSecond}), p99 ${run.load.p99Ms} ms, peak RSS ${mb(run.peakRssBytes)}, ${at} requests sent of ${fresh.length} distinct`);
    if (at > fresh.length) log(`${at - fresh.length} requests were sent a second time: grow REQUEST_COUNT`);

    const portB = await freePort();
    serverB = await startProcess(['apps/api/src/server.ts'], { ...env(mkdtempSync(path.join(keep, 'b-'))), PORT: String(portB) }, async () => {
      const r = await fetch(`http://127.0.0.1:${portB}/api/product/search?q=tachipirina&shop_id=1`);
      return r.status === 200;
    });
    // B has searched shop 1 once already (its shelf is held), as a running instance would have.
    await json(portB, `/api/product/search?q=${encodeURIComponent(offered.name)}&shop_id=1&rpp=50`);
    log(`two instances: changes of ${offered.code} on A, polled on B…`);
    run.visibility = await changeVisibility(portA, portB, offered.code, offered.name, 6);
    log(`visible on B after ${run.visibility.map((v) => fmt(v.visibleMs)).join(', ')}`);
  } finally {
    await stopProcess(serverA);
    if (serverB) await stopProcess(serverB);
  }

  log('EXPLAIN ANALYZE of every statement of the routes…');
  const one = ['search', 'category page', 'category tree', 'product page', 'promotions'].flatMap((kind) => requests.filter((r) => r.kind === kind).slice(0, kind === 'search' ? 3 : 1));
  run.explain = runTs('apps/api/bench/explain-offers.ts', [JSON.stringify(one)], { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', TZ: 'UTC' });
  run.machine.loadAfter = os.loadavg().map((l) => l.toFixed(1));
  publishBench('offers', 'Per-shop offers at scale (issue 18)', markdown(run), { write, log });
  return run;
}
