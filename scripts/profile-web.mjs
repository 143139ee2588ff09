// Developer aid (issue 22): where the app's main thread spends its CPU on a page's start, or on
// one of the INP bench's interactions, as a shared machine cannot distort it. A Chromium trace of
// the page (the real server with the demo seed, the built app, Playwright, no CPU slowdown) read by
// thread time (`tdur`, the time the renderer's main thread really ran, not the time it waited for a
// core): the tasks over a threshold with what they spent it on, the totals per kind of work, and
// the scripts that evaluated longest. Multiply by the CPU slowdown for a phone's figure.
//
//   node scripts/profile-web.mjs [--pages home,search,product,cart,checkout,calendar --runs 3 --port 8315 --long 10]
import os from 'node:os';
import path from 'node:path';
import { benchOptions, stopProcess } from './bench-support.mjs';
import { ensureWebBuild, sessionInitScript, signedInCustomer, phoneContextOptions, startSeededServer, startTraceWithProfile } from './bench-web-fixtures.mjs';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const values = benchOptions({ pages: 'home,search,product,cart,checkout,calendar', runs: '3', port: '8315', long: '10', build: false });
const log = (...args) => console.log('[profile:web]', ...args);

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink',
  'loading',
];

/** Top-level tasks of the renderer's main thread, each with its thread time split by kind of work. */
function readTrace(events, origin) {
  // The page's renderer (a navigation may change process; the browser's own WebUI pages have
  // renderers too): the main thread that parsed the app's HTML.
  const parsed = events.find((e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url ?? '').startsWith(origin));
  const main = parsed && { pid: parsed.pid, tid: parsed.tid };
  if (!main) return { tasks: [], totals: {}, scripts: {} };
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.tdur !== undefined).sort((a, b) => a.ts - b.ts);
  const tasks = [];
  const totals = {};
  const scripts = {};
  let current;
  for (const e of mine) {
    if (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') {
      if (current && e.ts < current.ts + current.dur) continue;
      current = { ts: e.ts, dur: e.dur, tdur: e.tdur / 1000, kinds: {} };
      tasks.push(current);
      continue;
    }
    if (!current || e.ts >= current.ts + current.dur) continue;
    const kind =
      e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule'
        ? 'evaluate'
        : e.name === 'v8.compile' || e.name === 'v8.compileModule' || e.name === 'V8.CompileCode'
          ? 'compile'
          : e.name === 'FunctionCall' || e.name === 'EventDispatch' || e.name === 'TimerFire' || e.name === 'FireAnimationFrame' || e.name === 'RunMicrotasks'
            ? 'script'
            : e.name === 'Layout'
              ? 'layout'
              : e.name === 'UpdateLayoutTree' || e.name === 'ParseAuthorStyleSheet'
                ? 'style'
                : e.name === 'ParseHTML'
                  ? 'parse HTML'
                  : e.name === 'Paint' || e.name === 'PrePaint' || e.name === 'Layerize' || e.name === 'UpdateLayer'
                    ? 'paint'
                    : e.name.includes('GC')
                      ? 'gc'
                      : undefined;
    if (!kind) continue;
    // Only the outermost event of a kind in a task counts (nested ones are inside it).
    const last = current.kinds[`_${kind}`];
    if (last !== undefined && e.ts < last) continue;
    current.kinds[`_${kind}`] = e.ts + e.dur;
    current.kinds[kind] = (current.kinds[kind] ?? 0) + e.tdur / 1000;
    if (kind === 'evaluate' || kind === 'compile') {
      const url = (e.args?.data?.url ?? e.args?.fileName ?? '').split('/').pop() || '(inline)';
      scripts[url] = (scripts[url] ?? 0) + e.tdur / 1000;
    }
  }
  for (const t of tasks) for (const [k, v] of Object.entries(t.kinds)) if (!k.startsWith('_')) totals[k] = (totals[k] ?? 0) + v;
  // The main thread's CPU before the largest paint: what Lighthouse's simulation multiplies by the
  // slowdown to place it (its candidates come from the same trace).
  const lcpAt = events.filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.pid === main.pid).at(-1)?.ts;
  const beforeLcp = lcpAt === undefined ? undefined : tasks.filter((t) => t.ts + t.dur <= lcpAt).reduce((sum, t) => sum + t.tdur, 0);
  return { tasks, totals, scripts, beforeLcp };
}

const fmt = (n) => n.toFixed(1);

/** Self time per script and per function of a CPU profile (idle and the profiler's own left out). */
function readProfile(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  const scripts = {};
  const functions = {};
  for (const [id, ms] of self) {
    const { callFrame } = byId.get(id);
    if (callFrame.functionName === '(idle)' || callFrame.functionName === '(program)') continue;
    const file = callFrame.url.split('/').pop() || callFrame.functionName;
    scripts[file] = (scripts[file] ?? 0) + ms;
    const name = `${callFrame.functionName || '(anonymous)'} ${file}:${callFrame.lineNumber + 1}:${callFrame.columnNumber + 1}`;
    functions[name] = (functions[name] ?? 0) + ms;
  }
  const top = (o, n) => Object.entries(o).sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${k} ${fmt(v)}`).join(', ');
  return { scripts: top(scripts, 10), functions: top(functions, 15) };
}

ensureWebBuild(values.build, log);
const { chromium, devices } = await import('playwright');
const port = Number(values.port);
const server = await startSeededServer(port, path.join(root, '.data-test', 'bench-api', 'profile-web'));
const base = `http://127.0.0.1:${port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  const fixtures = await signedInCustomer(base);
  const paths = {
    home: '/app/home',
    search: '/app/search?q=tachipirina',
    product: `/app/product/${fixtures.productCode}`,
    cart: '/app/cart',
    checkout: '/app/checkout',
    calendar: `/app/reservations/${fixtures.serviceId}`,
  };
  const signedIn = new Set(['cart', 'checkout', 'calendar']);
  // A signed-in page has no server-rendered top: its screen is there once the app has rendered it
  // (the same signs the INP bench waits for). Without this wait a loaded host ended the trace on
  // the shell's 'Attendere...', before the screen's code was even evaluated.
  const ready = {
    cart: (page) => page.getByLabel(/^Quantità di /).first().waitFor({ timeout: 60_000 }),
    checkout: (page) => page.getByRole('button', { name: /^(Scegli|Modifica) Consegna$/ }).waitFor({ timeout: 60_000 }),
    calendar: (page) => page.locator('.calendar__day--available').first().waitFor({ timeout: 60_000 }),
  };
  for (const key of values.pages.split(',')) {
    const runs = [];
    for (let i = 0; i < Number(values.runs); i++) {
      const context = await browser.newContext(phoneContextOptions(devices));
      const page = await context.newPage();
      if (signedIn.has(key)) await page.addInitScript(sessionInitScript(base, fixtures.token));
      const tracing = await startTraceWithProfile(browser, context, page, { categories: CATEGORIES, intervalUs: 200 });
      await page.goto(`${base}${paths[key]}`, { waitUntil: 'load' });
      await ready[key]?.(page);
      await page.evaluate(() => new Promise((resolve) => setTimeout(() => requestIdleCallback(resolve, { timeout: 5000 }), 1500)));
      // When the screen's data was asked and answered (ms from navigation start), the largest
      // paint and its element: what an early start of the reads moves (decision 0592).
      const timings = await page.evaluate(
        () =>
          new Promise((resolve) => {
            const api = performance
              .getEntriesByType('resource')
              .filter((e) => new URL(e.name).pathname.startsWith('/api/') && !e.name.endsWith('/api/live'))
              .map((e) => ({ path: new URL(e.name).pathname.slice(4), start: e.startTime, end: e.responseEnd }));
            new PerformanceObserver((list) => {
              const lcp = list.getEntries().at(-1);
              const node = lcp?.element;
              resolve({ api, lcp: lcp?.startTime, lcpElement: node ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).split(' ')[0]}` : ''}` : '?' });
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      const { raw, profile } = await tracing.stop();
      if (process.env.PROFILE_WEB_KEEP) (await import('node:fs')).writeFileSync(path.join(process.env.PROFILE_WEB_KEEP, `trace-${key}-${i}.json`), raw);
      const trace = JSON.parse(raw.toString());
      runs.push({ ...readTrace(trace.traceEvents, base), profile: readProfile(profile), timings });
      await context.close();
    }
    // The run with the median main-thread CPU.
    const total = (r) => r.tasks.reduce((s, t) => s + t.tdur, 0);
    runs.sort((a, b) => total(a) - total(b));
    const r = runs[Math.floor(runs.length / 2)];
    const long = r.tasks.filter((t) => t.tdur >= Number(values.long));
    log(`${key} ${paths[key]}: main thread ${fmt(total(r))} ms CPU (runs ${runs.map((x) => fmt(total(x))).join(', ')}), load average ${os.loadavg()[0].toFixed(1)}`);
    const lcps = runs.map((x) => x.timings.lcp).sort((a, b) => a - b);
    log(`  LCP ${fmt(r.timings.lcp)} ms (${r.timings.lcpElement}; runs ${runs.map((x) => fmt(x.timings.lcp)).join(', ')}, median ${fmt(lcps[Math.floor(lcps.length / 2)])})`);
    log(`  main thread before the largest paint: ${r.beforeLcp === undefined ? '?' : fmt(r.beforeLcp)} ms CPU (runs ${runs.map((x) => (x.beforeLcp === undefined ? '?' : fmt(x.beforeLcp))).join(', ')})`);
    log(`  API reads (start → end, ms from navigation): ${r.timings.api.map((a) => `${a.path} ${fmt(a.start)} → ${fmt(a.end)}`).join(', ')}`);
    log(`  by kind: ${Object.entries(r.totals).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${fmt(v)}`).join(', ')}`);
    log(`  scripts (evaluate + compile): ${Object.entries(r.scripts).sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k} ${fmt(v)}`).join(', ')}`);
    log(`  profile, self time by script: ${r.profile.scripts}`);
    log(`  profile, self time by function: ${r.profile.functions}`);
    for (const t of long) {
      const kinds = Object.entries(t.kinds).filter(([k]) => !k.startsWith('_')).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${fmt(v)}`).join(', ');
      log(`  task at ${fmt((t.ts - r.tasks[0].ts) / 1000)} ms: ${fmt(t.tdur)} ms CPU (${kinds})`);
    }
  }
} finally {
  await browser.close();
  await stopProcess(server);
}
