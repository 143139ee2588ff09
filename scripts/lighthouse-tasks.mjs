// Developer aid (issue 22): what Lighthouse's own simulation counts as blocking on a landing page.
// One cold Lighthouse run per page (the bench's settings: mobile, simulated slow 4G, the given CPU
// slowdown), then the tasks its `long-tasks` audit keeps (simulated start and duration, script
// URL), the `bootup-time` per script and the `mainthread-work-breakdown`; and, read from the run's
// own trace (its `traces` artifact), each top-level main-thread task after FCP of ≥ 50 ms / slowdown
// with what it did — the cold load Lighthouse sees (no code cache, first compile of each script),
// which a warm `trace-start.mjs` run does not.
//
//   node scripts/lighthouse-tasks.mjs [--pages home,search,product --port 8341 --slowdown 4 --keep DIR --no-priority]
// (also cart, checkout and calendar: signed in as the Lighthouse bench does, bench-lighthouse.mjs)
// (WEB_DIST=<another build> compares builds on the same server.)
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchOptions, stopProcess } from './bench-support.mjs';
import { benchPagePaths, ensureWebBuild, launchMeasuredChrome, SIGNED_IN_PAGES, sessionInitScript, startSeededServer } from './bench-web-fixtures.mjs';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const values = benchOptions({ pages: 'home,search,product', port: '8341', slowdown: '4', keep: undefined, build: false, 'no-priority': false });
const S = Number(values.slowdown);
const log = (...args) => console.log('[lighthouse:tasks]', ...args);
const fmt = (n) => Number(n).toFixed(1);
const short = (url) => String(url ?? '').split('/').pop() || String(url ?? '-');

/** Top-level tasks of the page's main thread with the outermost events inside each (name → ms). */
function traceTasks(events, origin) {
  // The page's own document (a trace may hold other renderers' parsing first).
  const parsed = events.find((e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url ?? '').startsWith(origin));
  if (!parsed) return { tasks: [], fcp: undefined };
  const mine = events.filter((e) => e.pid === parsed.pid && e.tid === parsed.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const tasks = [];
  for (const e of mine) {
    const last = tasks.at(-1);
    if (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') {
      if (last && e.ts < last.ts + last.dur * 1000) continue;
      tasks.push({ ts: e.ts, dur: e.dur / 1000, tdur: (e.tdur ?? e.dur) / 1000, inner: [], layout: false });
      continue;
    }
    if (last && e.ts < last.ts + last.dur * 1000 && e.name === 'Layout') last.layout = true;
    if (last && e.ts < last.ts + last.dur * 1000 && (e.tdur ?? e.dur) >= 500) {
      const url = e.args?.data?.url ?? e.args?.data?.stackTrace?.[0]?.url ?? e.args?.fileName ?? '';
      last.inner.push(`${e.name}${url ? ` ${short(url)}` : ''} ${fmt((e.tdur ?? e.dur) / 1000)}`);
    }
  }
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === parsed.pid)?.ts;
  return { tasks, fcp };
}

/**
 * What the page made Chromium's other threads spend in the 3 s after FCP (ms of CPU): they share the
 * host's cores with the page's main thread, so they lengthen its tasks' wall time, which is what
 * Lantern multiplies (decision 0681). A frame that changes is also a screenshot Lighthouse takes.
 */
function otherThreads(events, fcp) {
  const names = new Map(events.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}/${e.tid}`, e.args.name]));
  const inWindow = (e) => fcp !== undefined && e.ts >= fcp && e.ts <= fcp + 3e6;
  const cpu = new Map();
  for (const e of events) {
    if (e.ph !== 'X' || !inWindow(e)) continue;
    const kind = e.name === 'RunTask' ? names.get(`${e.pid}/${e.tid}`) : e.name === 'BackgroundJSStreamManager::RunScriptStreamingTask' ? 'script streaming' : undefined;
    if (kind === 'VizCompositorThread' || kind === 'CrBrowserMain' || kind === 'script streaming') cpu.set(kind, (cpu.get(kind) ?? 0) + (e.tdur ?? e.dur) / 1000);
  }
  const screenshots = events.filter((e) => e.name === 'Screenshot' && inWindow(e)).length;
  return `Viz ${fmt(cpu.get('VizCompositorThread') ?? 0)}, browser main ${fmt(cpu.get('CrBrowserMain') ?? 0)}, script streaming ${fmt(cpu.get('script streaming') ?? 0)} ms; ${screenshots} screenshots`;
}

ensureWebBuild(values.build, log);
const { default: lighthouse } = await import('lighthouse');
const chromeLauncher = await import('chrome-launcher');
const { throttling } = await import('lighthouse/core/config/constants.js');
const port = Number(values.port);
const server = await startSeededServer(port, path.join(root, '.data-test', 'bench-api', `lighthouse-tasks-${port}`));
const base = `http://127.0.0.1:${port}`;
const { chrome, niceness } = await launchMeasuredChrome(chromeLauncher, CHROMIUM, { priority: !values['no-priority'] });
log(`Chromium at niceness ${niceness}`);
try {
  const keys = values.pages.split(',');
  const { paths, customer } = await benchPagePaths(base, keys);
  const puppeteer = customer ? await import('puppeteer-core') : undefined;
  const browser = await puppeteer?.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  for (const key of keys) {
    // A signed-in page: the token stored before the document's own scripts, as bench-lighthouse.mjs does.
    const tab = SIGNED_IN_PAGES.has(key) ? await browser.newPage() : undefined;
    if (tab) await tab.evaluateOnNewDocument(sessionInitScript(base, customer.token));
    const r = await lighthouse(`${base}${paths[key]}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: S },
    }, undefined, tab);
    await tab?.close();
    const { lhr, artifacts } = r;
    if (values.keep) {
      mkdirSync(values.keep, { recursive: true });
      writeFileSync(path.join(values.keep, `lhr-${key}.json`), r.report);
      writeFileSync(path.join(values.keep, `trace-${key}.json`), JSON.stringify(artifacts.Trace ?? artifacts.traces?.defaultPass));
    }
    const a = (id) => lhr.audits[id];
    log(`${key}: performance ${Math.round(lhr.categories.performance.score * 100)}, TBT ${Math.round(a('total-blocking-time').numericValue)} ms, FCP ${Math.round(a('first-contentful-paint').numericValue)} ms, TTI ${Math.round(a('interactive')?.numericValue ?? Number.NaN)} ms, max FID ${Math.round(a('max-potential-fid').numericValue)} ms; benchmark index ${Math.round(lhr.environment.benchmarkIndex)}; load ${os.loadavg()[0].toFixed(1)}`);
    for (const t of a('long-tasks')?.details?.items ?? []) log(`  long task at ${Math.round(t.startTime)} ms: ${Math.round(t.duration)} ms, ${short(t.url)}`);
    log(`  bootup: ${(a('bootup-time')?.details?.items ?? []).map((i) => `${short(i.url)} total ${Math.round(i.total)} (script ${Math.round(i.scripting)}, parse/compile ${Math.round(i.scriptParseCompile)})`).join('; ')}`);
    log(`  main thread: ${(a('mainthread-work-breakdown')?.details?.items ?? []).map((i) => `${i.group} ${Math.round(i.duration)}`).join(', ')}`);
    const trace = artifacts.Trace ?? artifacts.traces?.defaultPass;
    if (!trace) continue;
    const { tasks, fcp } = traceTasks(trace.traceEvents, base);
    const t0 = tasks[0]?.ts ?? 0;
    // Lantern multiplies each task's wall time; on a loaded host that is mostly waiting for a core,
    // so the thread time × slowdown is what a quiet phone-like run would count.
    const after = tasks.filter((t) => fcp === undefined || t.ts >= fcp);
    const blocking = after.reduce((sum, t) => sum + Math.max(0, S * t.tdur - 50), 0);
    // Lantern counts a task that laid out at half the slowdown (its layoutTaskMultiplier, 0.5).
    const lantern = after.reduce((sum, t) => sum + Math.max(0, S * (t.layout ? 0.5 : 1) * t.tdur - 50), 0);
    log(`  the run's own trace: blocking by thread time × ${S} after FCP ${fmt(blocking)} ms (layout tasks at half: ${fmt(lantern)} ms); tasks over ${fmt(50 / S)} ms of thread time after FCP: ${after.filter((t) => t.tdur * S > 50).length}; main thread ${fmt(tasks.reduce((sum, t) => sum + t.tdur, 0))} ms`);
    log(`  other threads in the 3 s after FCP: ${otherThreads(trace.traceEvents, fcp)}`);
    log(`  tasks of ≥ ${fmt(40 / S)} ms thread time — FCP at ${fcp === undefined ? '?' : fmt((fcp - t0) / 1000)} ms:`);
    for (const t of tasks.filter((x) => x.tdur * S >= 40)) {
      log(`    ${fcp !== undefined && t.ts >= fcp ? 'after' : 'before'} FCP at ${fmt((t.ts - t0) / 1000)} ms: thread ${fmt(t.tdur)} (×${S} = ${fmt(t.tdur * S)}), wall ${fmt(t.dur)}; ${t.inner.slice(0, 8).join('; ')}`);
    }
  }
  await browser?.disconnect();
} finally {
  await chrome.kill();
  await stopProcess(server);
}
