// What the browser benches (Lighthouse, INP) need from the real server: the server itself with
// the demo seed and the built app, and a signed-in customer whose cart is ready for the checkout,
// exactly as the app leaves it (one product that can be sold online, collected and paid in shop).
import { chmodSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { startProcess } from './bench-support.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** Where the app keeps its session (apps/web/src/lib/session.ts): the bearer token in localStorage. */
export const TOKEN_KEY = 'farmacia.token';
const DEMO_CUSTOMER = { email: 'cliente@farmacia.demo', password: 'Farmacia2026!' };

/** Builds apps/web when asked or when there is no build. */
export function ensureWebBuild(build, log) {
  const dist = path.join(root, 'apps/web/dist');
  if (!build && existsSync(path.join(dist, 'index.html'))) return;
  log('building apps/web…');
  const r = spawnSync('npx', ['vite', 'build'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' });
  if (r.status !== 0) throw new Error('vite build failed');
}

/** The niceness Chromium runs at under Lighthouse (decision 0595): above the host's other work. */
const BROWSER_NICENESS = -10;

/**
 * Chromium for a Lighthouse run. Lighthouse's simulation multiplies the WALL time of each task of
 * the page's main thread; on a 2-core host that thread waits for a core behind the server under
 * test, Lighthouse's own process, the browser's tracing and anyone else's work (wall 1.5–5× the
 * thread time when quiet, 5–50× when loaded), so the score measured the host, not the app. With
 * `priority` the browser's processes start at a raised priority (they inherit it from a `nice`
 * wrapper), as a phone's browser has its CPU to itself; where raising it is not permitted, `nice`
 * leaves it as it is. Returns the launched Chrome and the niceness it started at.
 */
export async function launchMeasuredChrome(chromeLauncher, chromium, { priority = true } = {}) {
  let chromePath = chromium;
  let niceness = os.getPriority();
  if (priority) {
    // `nice -n` adds to the niceness this process runs at: the difference reaches the absolute one.
    const raise = String(BROWSER_NICENESS - os.getPriority());
    // What the browser will start at: `nice` itself says when raising is not permitted (it then runs it as it is).
    niceness = nicenessOfStat(spawnSync('nice', ['-n', raise, 'cat', '/proc/self/stat'], { encoding: 'utf8' }).stdout);
    chromePath = path.join(os.tmpdir(), 'farmacia-chromium-priority.sh');
    writeFileSync(chromePath, `#!/bin/sh\nexec nice -n ${raise} '${chromium.replaceAll("'", "'\\''")}' "$@"\n`);
    chmodSync(chromePath, 0o755);
  }
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  return { chrome, niceness };
}

/** The niceness in a /proc stat line (its 19th field). */
const nicenessOfStat = (stat) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);

/** The real server with a fresh demo seed, ready once a search answers (the catalogue is indexed). */
export async function startSeededServer(port, dataDir) {
  // A server left on the port (another run, or one killed without its child) would answer the
  // readiness check while this one fails to listen: the run would measure the other build.
  const taken = await fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false);
  if (taken) throw new Error(`port ${port} already answers: stop that server or pass another --port`);
  rmSync(dataDir, { recursive: true, force: true });
  const env = { DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), TZ: 'UTC', OUTBOX_WORKER: '0' };
  return startProcess(['apps/api/src/server.ts'], env, async () => {
    const r = await fetch(`http://127.0.0.1:${port}/api/product/search?q=tachipirina`);
    return r.status === 200;
  });
}

async function call(base, method, url, { token, body } = {}) {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * The demo customer signed in through the API, a product that can be sold online in the cart and
 * the delivery and payment chosen (collected and paid in the shop), plus what the pages visit: a
 * product code, a sellable product's search word, and a bookable service with free days.
 */
export async function signedInCustomer(base) {
  const { token } = await call(base, 'POST', '/auth/login', { body: DEMO_CUSTOMER });
  const found = await call(base, 'GET', '/product/search?q=tachipirina&rpp=30&p=1');
  const hits = found.responses[0].hits.hits.map((h) => h._source);
  const sellable = hits.find((p) => !p.prescription_only && p.quantita > 0);
  if (!sellable) throw new Error('no sellable tachipirina in the demo catalogue');
  await call(base, 'POST', `/cart/products/${sellable.codice_ministeriale}`, { token, body: { quantity: 1 } });
  await call(base, 'PUT', '/cart', { token, body: { shippingType: 'inShop', shippingMethod: JSON.stringify({ type: 'inShop' }), paymentType: 'payInShop' } });
  // The first service with a free day this month or the next (the booking screen's month calendar).
  let serviceId;
  for (let id = 1; id <= 20 && serviceId === undefined; id++) {
    const res = await fetch(`${base}/api/services/${id}/availability`);
    if (res.ok) serviceId = id;
  }
  if (serviceId === undefined) throw new Error('no bookable service in the demo seed');
  return { token, productCode: sellable.codice_ministeriale, productName: sellable.nome ?? sellable.name, serviceId };
}

/** The pages the web developer aids visit whose start needs a session (the benches' customer). */
export const SIGNED_IN_PAGES = new Set(['cart', 'checkout', 'calendar']);

/**
 * The paths of the pages the web developer aids visit, by key (home, search, product, and signed in:
 * cart, checkout, calendar), and the signed-in customer, made only when one of `keys` needs it.
 */
export async function benchPagePaths(base, keys) {
  const found = await (await fetch(`${base}/api/product/search?q=tachipirina`)).json();
  const code = found.responses[0].hits.hits[0]._source.codice_ministeriale;
  const customer = keys.some((key) => SIGNED_IN_PAGES.has(key)) ? await signedInCustomer(base) : undefined;
  const paths = {
    home: '/app/home',
    search: '/app/search?q=tachipirina',
    product: `/app/product/${code}`,
    cart: '/app/cart',
    checkout: '/app/checkout',
    calendar: `/app/reservations/${customer?.serviceId}`,
  };
  return { paths, customer };
}

/** A script for the page's every new document: the session stored as the app stores it, before any of its scripts run. */
export function sessionInitScript(origin, token) {
  return `(() => { try { if (location.origin === ${JSON.stringify(origin)}) localStorage.setItem(${JSON.stringify(TOKEN_KEY)}, ${JSON.stringify(token)}); } catch {} })();`;
}

/**
 * Starts a Chromium trace of `page` with a CPU profile sampled beside it (which script and function
 * the trace's script time went to); `stop()` ends both and gives the raw trace and the profile.
 */
export async function startTraceWithProfile(browser, context, page, { categories, intervalUs }) {
  await browser.startTracing(page, { categories });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: intervalUs });
  await cdp.send('Profiler.start');
  return {
    async stop() {
      const { profile } = await cdp.send('Profiler.stop');
      return { raw: await browser.stopTracing(), profile };
    },
  };
}

/** A browser context's options for the web benches' phone: Playwright's Pixel 7, Italian, Rome, no service worker. */
export function phoneContextOptions(devices) {
  const { defaultBrowserType: _, ...pixel } = devices['Pixel 7'];
  return { ...pixel, locale: 'it-IT', timezoneId: 'Europe/Rome', serviceWorkers: 'block' };
}
