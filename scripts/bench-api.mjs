
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchDatabaseUrl, benchOptions, cpuSecondsOf, engineAvailable, freePort, load, loadMeasured, memoryOf, publishBench, runTs, startProcess, stopProcess, tailOf } from './bench-support.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, '.data-test', 'bench');
const log = (...args) => console.log('[bench:api]', ...args);

/** The version poll must hold this share of the ceiling (issue 9). */
const VERSION_POLL_SHARE = 0.8;

/** The routes under load: name, what a 2xx/304 looks like, and the request generator. */
export function scenarios(fixtures, etag) {
  let i = 0;
  const tokens = fixtures.tokens;
  const bearer = (k) => ({ authorization: `Bearer ${tokens[k % tokens.length]}` });
  const codes = fixtures.productCodes;
  // Cart add/set touches a small set of products, so carts stay a realistic size however long it runs.
  const cartCodes = codes.slice(0, 20);
  return [
    { key: 'version', label: 'version poll `GET /api/` (200)', expect: 200, next: () => ({ path: '/api/' }) },
    {
      key: 'version304',
      label: 'version poll with If-None-Match (304)',
      expect: 304,
      next: () => ({ path: '/api/', headers: { 'if-none-match': etag } }),
    },
    { key: 'product', label: 'product page `GET /api/product/:code`', expect: 200, next: () => ({ path: `/api/product/${codes[i++ % codes.length]}` }) },
    {
      key: 'cartSet',
      label: 'cart add/set `POST /api/cart/products/:code`',
      expect: 200,
      next: () => {
        const k = i++;
        return { method: 'POST', path: `/api/cart/products/${cartCodes[(k * 7) % cartCodes.length]}`, headers: bearer(k), body: { quantity: 1 + (k % 3) } };
      },
    },
    {
      key: 'orders',
      label: 'order list `GET /api/order`',
      expect: 200,
      next: () => ({ path: '/api/order', headers: bearer(i++ % fixtures.customersWithOrders) }),
    },
    {
      key: 'slots',
      label: "a day's slots `GET /api/services/:id/slots/:day`",
      expect: 200,
      next: () => {
        const k = i++;
        return { path: `/api/services/${fixtures.serviceId}/slots/${fixtures.slotDays[k % fixtures.slotDays.length]}`, headers: bearer(k) };
      },
    },
  ];
}

async function startCeiling() {
  const port = await freePort();
  const server = await startProcess(['apps/api/bench/ceiling-server.ts', String(port)], {}, async (out) => out.includes('READY'));
  return { port, server };
}

async function send(port, r) {
  const response = await fetch(`http://127.0.0.1:${port}${r.path}`, {
    method: r.method ?? 'GET',
    headers: { ...(r.headers ?? {}), ...(r.body ? { 'content-type': 'application/json' } : {}) },
    body: r.body ? JSON.stringify(r.body) : undefined,
  });
  return { status: response.status, text: await response.text() };
}

/** One request at a time: the median of 21 after one warm-up (what a single user waits, load aside). */
async function alone(port, next) {
  const times = [];
  for (let i = 0; i < 22; i++) {
    const t = performance.now();
    await send(port, next());
    if (i > 0) times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[10] * 100) / 100;
}

async function benchEngine(engine, options) {
  const { duration, connections, products, customers, reuse, profile } = options;
  if (options.routes && !reuse) throw new Error('--routes needs --reuse (a seeded database)');
  // Another engineer's seeded data stays apart with TMPDIR (this directory) and BENCH_TAG (the database below).
  const dataDir = path.join(os.tmpdir(), `farmacia-bench-api-${engine}`);
  const fixturesFile = path.join(dataDir, 'bench-fixtures.json');
  const reusing = reuse && existsSync(fixturesFile) && existsSync(path.join(dataDir, 'seed.json'));
  if (!reusing) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const env = { DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn', HOST: '127.0.0.1', TZ: 'UTC', OUTBOX_WORKER: '0', PAYMENT_MODE: 'sandbox' };
  if (engine === 'postgres') {
    // BENCH_TAG keeps one engineer's seeded database apart from another's on the shared cluster.
    env.DATABASE_URL = await benchDatabaseUrl(`farmacia_bench_api${process.env.BENCH_TAG ? `_${process.env.BENCH_TAG}` : ''}`, reusing);
  }

  log(`${engine}: seeding ${products.toLocaleString('en')} products and ${customers.toLocaleString('en')} customers…`);
  const seed = reusing
    ? JSON.parse(readFileSync(path.join(dataDir, 'seed.json'), 'utf8'))
    : runTs('apps/api/bench/api-seed.ts', ['--products', String(products), '--customers', String(customers)], env);
  writeFileSync(path.join(dataDir, 'seed.json'), JSON.stringify(seed));
  log(`${engine}: seeded (${JSON.stringify(seed)})`);
  const fixtures = JSON.parse(readFileSync(fixturesFile, 'utf8'));

  const port = await freePort();
  const profileDir = path.join(outDir, 'cpu-profiles');
  if (profile) mkdirSync(profileDir, { recursive: true });
  const server = await startProcess(
    ['apps/api/src/server.ts'],
    { ...env, PORT: String(port) },
    async () => (await fetch(`http://127.0.0.1:${port}/api/`)).status === 200,
    profile ? ['--cpu-prof', '--cpu-prof-dir', profileDir, '--cpu-prof-name', `api-${engine}-${Date.now()}.cpuprofile`] : [],
  );
  // The server loads the search index and warms up after it answers: its CPU use would land on the
  // first route measured. Wait (60 s at most) until it uses under 2 % of a core.
  for (let i = 0, before = cpuSecondsOf(server.pid); i < 60; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = cpuSecondsOf(server.pid);
    if (now - before < 0.02) break;
    before = now;
  }
  const results = {};
  // The ceiling runs beside the server and is loaded right before each route: the machine is
  // shared, and its spare CPU changes from one minute to the next.
  const ceiling = await startCeiling();
  try {
    const idle = memoryOf(server.pid);
    const etag = (await fetch(`http://127.0.0.1:${port}/api/`)).headers.get('etag');
    for (const s of scenarios(fixtures, etag).filter((x) => !options.routes || options.routes.includes(x.key))) {
      // One request first: a broken route fails the bench instead of being measured as fast errors.
      const probe = await send(port, s.next());
      if (probe.status !== s.expect) throw new Error(`${engine} ${s.key}: answered ${probe.status}: ${probe.text}`);
      const aloneMs = await alone(port, s.next);
      log(`${engine}: ${s.key}, ceiling then route, ${connections} connections, ${duration} s each…`);
      await load(ceiling.port, () => ({ path: '/constant' }), 2, connections);
      const c = await loadMeasured(ceiling.server.pid, ceiling.port, () => ({ path: '/constant' }), duration, connections);
      await load(port, s.next, 3, connections);
      const r = await loadMeasured(server.pid, port, s.next, duration, connections);
      // autocannon counts a 304 as non-2xx: only statuses other than the expected one are errors.
      r.unexpected = Object.entries(r.statusCodes)
        .filter(([code]) => Number(code) !== s.expect)
        .reduce((sum, [, v]) => sum + v.count, 0);
      r.ceiling = { requestsPerSecond: c.requestsPerSecond, p50Ms: c.p50Ms, p99Ms: c.p99Ms, cpuMsPerRequest: c.cpuMsPerRequest };
      r.shareOfCeiling = r.requestsPerSecond / c.requestsPerSecond;
      r.cpuShareOfCeiling = c.cpuMsPerRequest / r.cpuMsPerRequest;
      r.aloneMs = aloneMs;
      r.loadAverage = os.loadavg()[0].toFixed(1);
      results[s.key] = { label: s.label, ...r };
      log(
        `${engine}: ${s.key} ${r.requestsPerSecond} req/s vs ceiling ${c.requestsPerSecond} (${(r.shareOfCeiling * 100).toFixed(0)} %), CPU ${r.cpuMsPerRequest.toFixed(3)} vs ${c.cpuMsPerRequest.toFixed(3)} ms/request (${(r.cpuShareOfCeiling * 100).toFixed(0)} %), p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms (${tailOf(r)}), alone ${aloneMs} ms, unexpected ${r.unexpected}, load ${r.loadAverage}`,
      );
    }
    return { engine, seed, idleRssBytes: idle.rssBytes, ...memoryOf(server.pid), results };
  } finally {
    await stopProcess(ceiling.server);
    await stopProcess(server);
  }
}

function markdown(run) {
  const lines = [];
  lines.push(
    `Run of ${run.date} — ${run.machine.cpus}× ${run.machine.cpu}, Node ${run.machine.node}, load average before the run ${run.machine.loadBefore.join(' / ')}, after ${run.machine.loadAfter.join(' / ')}.`,
  );
  const seed = run.engines[0]?.seed;
  if (seed) {
    lines.push(
      `Data: ${seed.products.toLocaleString('en')} products, ${seed.customers.toLocaleString('en')} customers (each with a live session and a cart: ${seed.cartLines.toLocaleString('en')} cart lines), ${seed.orders.toLocaleString('en')} orders, ${seed.reservations.toLocaleString('en')} reservations. autocannon, ${run.connections} connections, ${run.duration} s after a 3 s warm-up, 127.0.0.1; authenticated routes cycle through the customers' tokens.`,
    );
  }
  lines.push('');
  lines.push(
    `Each route: the ceiling (bare Fastify, constant JSON) loaded right before it, then the route. "share" is the route's req/s ÷ that ceiling's; "CPU share" is the ceiling's server CPU per request ÷ the route's (the steadier figure on a shared machine: CPU time is barely moved by other work, req/s is). "Alone" is the median of 21 sequential requests (one user, no load).`,
  );
  lines.push('');
  lines.push(`| route | ${run.engines.map((e) => `${e.engine}: req/s (share) · CPU ms/request (CPU share) · p50 / p99 · alone`).join(' | ')} | budget |`);
  lines.push(`|---|${run.engines.map(() => '---|').join('')}---|`);
  const keys = Object.keys(run.engines[0]?.results ?? {});
  for (const key of keys) {
    const label = run.engines[0].results[key].label;
    const isPoll = key.startsWith('version');
    const cells = run.engines.map((e) => {
      const r = e.results[key];
      const ok = !isPoll || r.cpuShareOfCeiling >= VERSION_POLL_SHARE;
      const errors = r.unexpected + r.errors > 0 ? `, ${r.unexpected + r.errors} errors` : '';
      const pct = (x) => `${(x * 100).toFixed(0)} %`;
      return `${r.requestsPerSecond.toLocaleString('en')} (${pct(r.shareOfCeiling)} of ${r.ceiling.requestsPerSecond.toLocaleString('en')}) · ${r.cpuMsPerRequest.toFixed(3)} (${pct(r.cpuShareOfCeiling)} of ${r.ceiling.cpuMsPerRequest.toFixed(3)})${isPoll ? ` ${ok ? '✅' : '❌'}` : ''} · ${r.p50Ms} / ${r.p99Ms} ms · ${r.aloneMs} ms${errors}`;
    });
    lines.push(`| ${label} | ${cells.join(' | ')} | ${isPoll ? '≥ 80 % of the ceiling (CPU share)' : ''} |`);
  }
  lines.push(`| server RSS idle → after load (peak) | ${run.engines.map((e) => `${(e.idleRssBytes / 1048576).toFixed(0)} → ${(e.rssBytes / 1048576).toFixed(0)} MB (${(e.peakRssBytes / 1048576).toFixed(0)})`).join(' | ')} | |`);
  lines.push(`| seed: demo + catalogue / customers / checkouts / order copies | ${run.engines.map((e) => `${(e.seed.demoSeedMs / 1000).toFixed(0)} / ${(e.seed.customersMs / 1000).toFixed(1)} / ${(e.seed.checkoutsMs / 1000).toFixed(1)} / ${(e.seed.ordersMs / 1000).toFixed(1)} s`).join(' | ')} | |`);
  return lines.join('\n');
}

export async function benchApi({
  write = true,
  engines = ['sqlite', 'postgres'],
  duration = 10,
  connections = 50,
  products = 250_000,
  customers = 10_000,
  reuse = false,
  profile = false,
  routes,
} = {}) {
  const run = {
    date: new Date().toISOString(),
    duration,
    connections,
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? '?', node: process.version, loadBefore: os.loadavg().map((l) => l.toFixed(1)) },
    engines: [],
  };
  mkdirSync(outDir, { recursive: true });
  for (const engine of engines) {
    if (!(await engineAvailable(engine, log))) continue;
    run.engines.push(await benchEngine(engine, { duration, connections, products, customers, reuse, profile, routes }));
  }
  run.machine.loadAfter = os.loadavg().map((l) => l.toFixed(1));
  writeFileSync(path.join(outDir, `bench-api-${run.date.replaceAll(':', '-')}.json`), JSON.stringify(run, null, 2));
  const text = markdown(run);
  publishBench('api', 'API under load (issue 9)', text, { write, log });
  return run;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // --routes: some routes only (keys: version, version304, product, cartSet, orders, slots); with --reuse.
  const values = benchOptions({
    duration: '10', connections: '50', engines: 'sqlite,postgres', products: '250000', customers: '10000',
    reuse: false, profile: false, routes: undefined, 'no-write': false,
  });
  await benchApi({
    write: !values['no-write'],
    engines: values.engines.split(',').map((e) => e.trim()),
    duration: Number(values.duration),
    connections: Number(values.connections),
    products: Number(values.products),
    customers: Number(values.customers),
    reuse: values.reuse,
    profile: values.profile,
    routes: values.routes?.split(',').map((r) => r.trim()),
  });
}
