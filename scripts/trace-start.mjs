// Developer aid (issue 22): the start of a landing page as Lighthouse's simulation sees it, read
// from an unthrottled trace. Each main-thread task's thread time (`tdur`, which a loaded host
// inflates far less than wall time) multiplied by the slowdown gives the phone's task; the sum of
// what exceeds 50 ms after the first contentful paint is the page's blocking time at that slowdown
// (Lighthouse's simulated throttling multiplies the tasks of an unthrottled trace the same way).
// A CPU profile sampled in the same run names the functions (and the nearest component, with an
// unminified build: `vite build --minify false --outDir …`, served with WEB_DIST) each long task
// spent its time in.
//
//   node scripts/trace-start.mjs [--pages home,search,product --runs 3 --port 8316 --slowdown 4 --top 6 --settle 2000]
// (`--settle`: how long the trace goes on after the load event, in ms; home's first carousel step
// comes 3 s after its first render.)
// (also cart, checkout and calendar: the signed-in pages, with the benches' customer and session)
import os from 'node:os';
import path from 'node:path';
import { benchOptions, stopProcess } from './bench-support.mjs';
import { benchPagePaths, ensureWebBuild, phoneContextOptions, SIGNED_IN_PAGES, sessionInitScript, startSeededServer, startTraceWithProfile } from './bench-web-fixtures.mjs';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const values = benchOptions({ pages: 'home,search,product', runs: '3', port: '8316', slowdown: '4', top: '6', settle: '2000', build: false });
const log = (...args) => console.log('[trace:start]', ...args);
const fmt = (n) => n.toFixed(1);
const S = Number(values.slowdown);

const KINDS = {
  EvaluateScript: 'evaluate', 'v8.evaluateModule': 'evaluate', 'v8.compile': 'compile', 'v8.compileModule': 'compile',
  FunctionCall: 'script', EventDispatch: 'script', TimerFire: 'script', FireAnimationFrame: 'script', RunMicrotasks: 'script',
  Layout: 'layout', UpdateLayoutTree: 'style', ParseAuthorStyleSheet: 'style', ParseHTML: 'parse HTML',
  Paint: 'paint', PrePaint: 'paint', Layerize: 'paint', UpdateLayer: 'paint', 'Decode Image': 'image', ImageDecodeTask: 'image',
};

function mainTasks(events, origin) {
  const parsed = events.find((e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url ?? '').startsWith(origin));
  if (!parsed) return { tasks: [], fcp: undefined };
  const mine = events.filter((e) => e.pid === parsed.pid && e.tid === parsed.tid && e.ph === 'X' && e.tdur !== undefined).sort((a, b) => a.ts - b.ts);
  const tasks = [];
  for (const e of mine) {
    const last = tasks.at(-1);
    if (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') {
      if (last && e.ts < last.ts + last.dur) continue;
      tasks.push({ ts: e.ts, dur: e.dur, tdur: e.tdur / 1000, samples: [], kinds: {} });
      continue;
    }
    // What the task did, by the outermost event of each kind (nested ones are inside it).
    const kind = KINDS[e.name] ?? (e.name.includes('GC') ? 'gc' : undefined);
    if (!last || !kind || e.ts >= last.ts + last.dur || e.ts < (last.kinds[`_${kind}`] ?? 0)) continue;
    last.kinds[`_${kind}`] = e.ts + e.dur;
    last.kinds[kind] = (last.kinds[kind] ?? 0) + e.tdur / 1000;
  }
  const fcpEvent = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === parsed.pid);
  return { tasks, fcp: fcpEvent?.ts };
}

/** Sample → (self function, nearest component or app module frame). */
function sampler(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (cf) => `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.lineNumber + 1}`;
  const owner = (id) => {
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const cf = byId.get(cur).callFrame;
      if (/^[A-Z][A-Za-z0-9]*$/.test(cf.functionName) && !/react-|framework-|router-/.test(cf.url)) return label(cf);
    }
    return '-';
  };
  const out = [];
  let t = profile.startTime;
  for (const [i, id] of profile.samples.entries()) {
    t += profile.timeDeltas[i] ?? 0;
    const cf = byId.get(id).callFrame;
    if (cf.functionName === '(idle)' || cf.functionName === '(program)') continue;
    out.push({ t, dt: (profile.timeDeltas[i + 1] ?? 0) / 1000, self: label(cf), owner: owner(id) });
  }
  return out;
}

ensureWebBuild(values.build, log);
const { chromium, devices } = await import('playwright');
const port = Number(values.port);
const server = await startSeededServer(port, path.join(root, '.data-test', 'bench-api', `trace-start-${port}`));
const base = `http://127.0.0.1:${port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  const pages = values.pages.split(',');
  const { paths, customer: fixtures } = await benchPagePaths(base, pages);
  for (const key of pages) {
    const runs = [];
    for (let i = 0; i < Number(values.runs); i++) {
      const context = await browser.newContext(phoneContextOptions(devices));
      const page = await context.newPage();
      const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing'];
      if (fixtures && SIGNED_IN_PAGES.has(key)) await page.addInitScript(sessionInitScript(base, fixtures.token));
      const tracing = await startTraceWithProfile(browser, context, page, { categories, intervalUs: 100 });
      await page.goto(`${base}${paths[key]}`, { waitUntil: 'load' });
      await page.evaluate((settle) => new Promise((resolve) => setTimeout(() => requestIdleCallback(resolve, { timeout: 5000 }), settle)), Number(values.settle));
      const { raw, profile } = await tracing.stop();
      if (process.env.TRACE_KEEP) (await import('node:fs')).writeFileSync(path.join(process.env.TRACE_KEEP, `trace-${key}-${i}.json`), raw);
      const trace = JSON.parse(raw.toString());
      await context.close();
      const { tasks, fcp } = mainTasks(trace.traceEvents, base);
      const samples = sampler(profile);
      for (const s of samples) {
        const task = tasks.find((t) => s.t >= t.ts && s.t < t.ts + t.dur);
        if (task) task.samples.push(s);
      }
      // The last task of every such trace is the CDP's own Profiler.stop, building the profile on the
      // page's main thread (8–18 ms, no traced event inside: session 11's "task at ~2.5 s on every
      // page"): it ends after the profile does, so it is left out.
      const after = tasks.filter((t) => (fcp === undefined || t.ts >= fcp) && t.ts + t.dur <= profile.endTime);
      const blocking = after.reduce((sum, t) => sum + Math.max(0, S * t.tdur - 50), 0);
      const total = tasks.reduce((sum, t) => sum + t.tdur, 0);
      // The same at the calibrated slowdown of a quiet host (Lighthouse's calculator: ~8.6×).
      const calibrated = after.reduce((sum, t) => sum + Math.max(0, 8.6 * t.tdur - 50), 0);
      runs.push({ tasks, after, blocking, calibrated, total, load: os.loadavg()[0] });
    }
    runs.sort((a, b) => a.blocking - b.blocking);
    const r = runs[Math.floor(runs.length / 2)];
    log(`${key} ${paths[key]}: blocking at ${S}× ${fmt(r.blocking)} ms (runs ${runs.map((x) => fmt(x.blocking)).join(', ')}), at 8.6× ${fmt(r.calibrated)} ms (runs ${runs.map((x) => fmt(x.calibrated)).join(', ')}); main thread ${fmt(r.total)} ms (runs ${runs.map((x) => fmt(x.total)).join(', ')}); tasks after FCP over ${fmt(50 / S)} ms: ${r.after.filter((t) => t.tdur * S > 50).length}; load ${r.load.toFixed(1)}`);
    const t0 = r.tasks[0]?.ts ?? 0;
    for (const t of r.after.filter((x) => x.tdur * S > 50)) {
      const tally = (k) => {
        const m = {};
        for (const s of t.samples) m[s[k]] = (m[s[k]] ?? 0) + 1;
        return Object.entries(m).sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)).map(([n, v]) => `${n} ${v}`).join('; ');
      };
      const kinds = Object.entries(t.kinds).filter(([k]) => !k.startsWith('_')).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${fmt(v)}`).join(', ');
      log(`  task at ${fmt((t.ts - t0) / 1000)} ms: ${fmt(t.tdur)} ms CPU (×${S} = ${fmt(t.tdur * S)}; ${kinds}; ${t.samples.length} samples)`);
      log(`    self: ${tally('self')}`);
      log(`    owner: ${tally('owner')}`);
    }
  }
} finally {
  await browser.close();
  await stopProcess(server);
}
