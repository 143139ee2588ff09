// The INP part of `npm run bench` (issue 22): Interaction to Next Paint of the app's busiest
// interactions on a slow phone. Debian's Chromium (Playwright, a Pixel 7's screen and touch, it-IT,
// Europe/Rome) with the CPU slowed down through CDP (`Emulation.setCPUThrottlingRate`) by the factor
// Lighthouse's calculator gives for this host (the same as the Lighthouse bench's calibrated rows,
// from the benchmark index Lighthouse itself computes in the page), against the real server with
// the demo seed and the built app. INP is measured by the `web-vitals` library, read from
// node_modules and injected before the page's own scripts (never fetched from elsewhere).
//
// Each interaction is measured on its own fresh page load (so INP is that interaction's latency —
// the worst of its events, e.g. the slowest keystroke of a typed search), `--runs` times (default 3),
// the median kept. Printed: every interaction's INP, the p75 over the interactions, and the budget
// (every interaction ≤ 200 ms, p75 ≤ 100 ms).
//
//   node scripts/bench-inp.mjs [--runs 3 --port 8314 --slowdown N --build --no-write --only search,cart]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { recommendedCpuSlowdown } from './bench-lighthouse.mjs';
import { benchOptions, publishBench, stopProcess } from './bench-support.mjs';
import { ensureWebBuild, sessionInitScript, signedInCustomer, startSeededServer } from './bench-web-fixtures.mjs';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(path.join(root, 'apps/web/package.json'));
const log = (...args) => console.log('[bench:inp]', ...args);
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const BUDGET = { eachMs: 200, p75Ms: 100 };

/** Collects every INP report of the page (web-vitals' IIFE build exposes `webVitals`). */
const COLLECT = `
  window.__inp = [];
  window.__events = 0;
  window.__attribution = undefined;
  webVitals.onINP((metric) => {
    window.__inp.push(metric.value);
    const a = metric.attribution;
    const script = a.longestScript?.entry;
    window.__attribution = {
      target: a.interactionTarget,
      type: a.interactionType,
      inputDelay: Math.round(a.inputDelay),
      processing: Math.round(a.processingDuration),
      presentation: Math.round(a.presentationDelay),
      longestScript: script ? (script.sourceFunctionName || script.invoker) + ' ' + String(script.sourceURL).split('/').pop() + ' ' + Math.round(script.duration) + ' ms' : undefined,
    };
  }, { reportAllChanges: true, durationThreshold: 0 });
  // How many interactions the browser timed (a check that the script really interacted).
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.interactionId) window.__events++;
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
`;

/**
 * The scripted interactions. `path` is loaded fresh (signed in when `signedIn`), `ready` waits for
 * the screen, `act` is the interaction measured.
 */
function interactions(fixtures) {
  const searchbox = (page) => page.getByRole('searchbox', { name: 'Cerca un prodotto' });
  return [
    {
      key: 'type-search',
      label: 'type a search (each keystroke)',
      path: '/app/search',
      ready: (page) => searchbox(page).waitFor(),
      act: async (page) => {
        await searchbox(page).click();
        await page.keyboard.type('tachipirina', { delay: 120 });
      },
    },
    {
      key: 'open-product',
      label: 'open a product from the results',
      path: '/app/search?q=tachipirina',
      ready: (page) => page.getByRole('list', { name: 'Prodotti' }).getByRole('link').first().waitFor(),
      act: (page) => page.getByRole('list', { name: 'Prodotti' }).getByRole('link').first().click(),
      settle: (page) => page.waitForURL(/\/app\/product\//),
    },
    {
      key: 'add-to-cart',
      label: 'add to cart',
      path: `/app/product/${fixtures.productCode}`,
      signedIn: true,
      ready: (page) => page.getByRole('button', { name: 'Aggiungi al carrello', exact: true }).waitFor(),
      act: (page) => page.getByRole('button', { name: 'Aggiungi al carrello', exact: true }).click(),
    },
    {
      key: 'change-quantity',
      label: 'change a quantity in the cart',
      path: '/app/cart',
      signedIn: true,
      ready: (page) => page.getByLabel(/^Quantità di /).first().waitFor(),
      // From the keyboard: a script's selectOption is no user interaction, so the browser times no event.
      act: async (page) => {
        const select = page.getByLabel(/^Quantità di /).first();
        await select.focus();
        await page.keyboard.press((await select.inputValue()) === '10' ? 'ArrowUp' : 'ArrowDown');
      },
    },
    {
      key: 'pick-day',
      label: 'pick a day in the month calendar',
      path: `/app/reservations/${fixtures.serviceId}`,
      signedIn: true,
      ready: (page) => page.locator('.calendar__day--available').first().waitFor(),
      act: (page) => page.locator('.calendar__day--available').last().click(),
    },
    ...['Consegna', 'Metodo di consegna', 'Pagamento', 'Riepilogo'].map((step) => ({
      key: `checkout-${step.toLowerCase().replaceAll(' ', '-')}`,
      label: `open the checkout's step «${step}»`,
      path: '/app/checkout',
      signedIn: true,
      ready: (page) => page.getByRole('button', { name: new RegExp(`^(Scegli|Modifica) ${step}$`) }).waitFor(),
      act: (page) => page.getByRole('button', { name: new RegExp(`^(Scegli|Modifica) ${step}$`) }).click(),
      settle: (page) => page.getByRole('dialog', { name: step }).waitFor(),
    })),
  ];
}

/** The benchmark index Lighthouse computes for this host, in a blank page. */
async function benchmarkIndex(context) {
  const { pageFunctions } = await import('lighthouse/core/lib/page-functions.js');
  const page = await context.newPage();
  const index = await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`);
  await page.close();
  return index;
}

/** The p-th percentile (0–100) of the values, nearest rank. */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measureOnce(context, base, item, slowdown, token, webVitals) {
  const page = await context.newPage();
  try {
    if (item.signedIn) await page.addInitScript(sessionInitScript(base, token));
    // One script: Playwright runs each init script in a function of its own, so the library's
    // `var webVitals` is seen only by code in the same script.
    await page.addInitScript(`${webVitals}\n${COLLECT}`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await page.goto(`${base}${item.path}`, { waitUntil: 'load' });
    await item.ready(page);
    // Let the start's tasks finish, so the interaction meets the screen as a user would.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
    await item.act(page);
    await item.settle?.(page);
    // The event timing entry arrives after the next paint: two frames and an idle moment.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(resolve, { timeout: 3000 })))),
    );
    // web-vitals reports the final INP when the page is hidden.
    const values = await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
      return { inp: window.__inp, events: window.__events, attribution: window.__attribution };
    });
    if (process.env.BENCH_INP_DEBUG) log(item.key, JSON.stringify(values));
    // No report: the browser timed no interaction (the script's input did not land): not a 0 ms run.
    return { value: values.inp.length > 0 ? Math.max(...values.inp) : null, attribution: values.attribution };
  } finally {
    await page.close();
  }
}

export async function benchInp({ write = true, runs = 3, port = 8314, build = false, slowdown = undefined, only = undefined } = {}) {
  if (only !== undefined || slowdown !== undefined) write = false;
  ensureWebBuild(build, log);
  const { chromium, devices } = await import('playwright');
  // The package exports only its modules; its IIFE build (a global `webVitals`) sits beside them:
  // the attribution build, which also tells where an interaction's time went.
  const dist = path.dirname(require.resolve('web-vitals'));
  const webVitals = readFileSync(path.join(dist, 'web-vitals.attribution.iife.js'), 'utf8');
  const webVitalsVersion = JSON.parse(readFileSync(path.join(dist, '..', 'package.json'), 'utf8')).version;
  const dataDir = path.join(root, '.data-test', 'bench-api', 'inp');
  const loadBefore = os.loadavg().map((l) => l.toFixed(1));
  const server = await startSeededServer(port, dataDir);
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const rows = [];
  let index;
  let rate;
  try {
    const fixtures = await signedInCustomer(base);
    const { defaultBrowserType: _, ...pixel } = devices['Pixel 7'];
    const context = await browser.newContext({ ...pixel, locale: 'it-IT', timezoneId: 'Europe/Rome', serviceWorkers: 'block' });
    index = await benchmarkIndex(context);
    rate = slowdown ?? Math.round(recommendedCpuSlowdown(index) * 10) / 10;
    log(`host benchmark index ${Math.round(index)}: CPU slowdown ${rate}×, load average ${os.loadavg()[0].toFixed(1)}`);
    for (const item of interactions(fixtures).filter((i) => only === undefined || only.includes(i.key))) {
      const values = [];
      for (let i = 0; i < runs; i++) {
        const { value, attribution } = await measureOnce(context, base, item, rate, fixtures.token, webVitals);
        if (value !== null) values.push(Math.round(value));
        log(`${item.key} run ${i + 1}: INP ${value === null ? 'not reported' : `${Math.round(value)} ms`}, load average ${os.loadavg()[0].toFixed(1)}; ${JSON.stringify(attribution)}`);
      }
      if (values.length === 0) throw new Error(`${item.key}: no run reported an INP`);
      rows.push({ ...item, values, inp: percentile(values, 50), load: os.loadavg()[0] });
    }
    await context.close();
  } finally {
    await browser.close();
    await stopProcess(server);
  }
  const p75 = percentile(rows.map((r) => r.inp), 75);
  const met = rows.every((r) => r.inp <= BUDGET.eachMs) && p75 <= BUDGET.p75Ms;
  const lines = [
    `Run of ${new Date().toISOString()} — Debian Chromium, Pixel 7 screen, CPU slowdown ${rate}× (host benchmark index ${Math.round(index)}), web-vitals ${webVitalsVersion}, ${runs} runs per interaction on a fresh page load each, median kept; load average before ${loadBefore.join(' / ')}.`,
    '',
    '| interaction | page | INP (median) | runs | load average | ≤ 200 ms |',
    '|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.label} | \`${r.path}\` | ${r.inp} ms | ${r.values.join(', ')} | ${r.load.toFixed(1)} | ${r.inp <= BUDGET.eachMs ? '✅' : '❌'} |`),
    '',
    `p75 over the interactions: **${p75} ms** (budget ≤ ${BUDGET.p75Ms} ms; every interaction ≤ ${BUDGET.eachMs} ms): ${met ? '✅' : '❌'}.`,
  ];
  for (const r of rows) console.log(`INP ${r.key}: ${r.inp} ms`);
  console.log(`INP p75: ${p75} ms`);
  publishBench('inp', 'Interaction to Next Paint (issue 22)', lines.join('\n'), { write, log });
  return { rows, p75 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const values = benchOptions({ runs: '3', port: '8314', build: false, 'no-write': false, slowdown: undefined, only: undefined });
  await benchInp({
    write: !values['no-write'],
    runs: Number(values.runs),
    port: Number(values.port),
    build: values.build,
    slowdown: values.slowdown === undefined ? undefined : Number(values.slowdown),
    only: values.only?.split(','),
  });
}
