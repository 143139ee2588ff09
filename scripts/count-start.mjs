// Developer aid (issue 22): what a page's start does, counted — figures a loaded, shared host does
// not move, for comparing two builds of the app. An unminified build is patched with counters
// (the router's `buildLocation` calls, React's commits and effects mounted), served by the real
// server with the demo seed, and each page is opened in Chromium (no CPU slowdown) until its load
// event and `--settle` ms after it; then the counters, the DOM's elements and anchors, and from a
// trace of the same run the main thread's style recalculations, layouts and tasks over 50 ms ÷ 13.5
// (the calibrated slowdown's long tasks).
//
//   node scripts/count-start.mjs [--pages home,search,product,cart,checkout,calendar --runs 2 --port 8372 --settle 2000 --owners 10 --dist DIR]
// (`--owners`: how many of the components that mounted the most effects to name, from the first run.)
// Without `--dist`, apps/web is built unminified into .data-test/count-start/dist first and patched;
// with it, DIR (an unminified `vite build --minify false --outDir DIR`) is patched in place if it
// is not yet. Counts vary by a few between runs (the version poll's and the queries' timing).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { benchOptions, stopProcess } from './bench-support.mjs';
import { benchPagePaths, phoneContextOptions, SIGNED_IN_PAGES, sessionInitScript, startSeededServer } from './bench-web-fixtures.mjs';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const values = benchOptions({ pages: 'home,search,product,cart,checkout,calendar', runs: '2', port: '8372', settle: '2000', owners: '10', dist: undefined });
const log = (...args) => console.log('[count:start]', ...args);
const LONG_MS = 50 / 13.5;

const count = (key) => `(globalThis.__count ??= {})[${JSON.stringify(key)}] = (globalThis.__count[${JSON.stringify(key)}] ?? 0) + 1;`;
/** Beside the effects' count, the same per component that mounted them (the fiber in scope there is `finishedWork`). */
const byOwner =
  "{ const owner = 'effects by ' + (finishedWork.type?.displayName || finishedWork.type?.name || 'anonymous'); (globalThis.__owners ??= {})[owner] = (globalThis.__owners[owner] ?? 0) + 1; }";
/** Where each counter goes in the unminified router and React DOM (their source as built). */
const PATCHES = [
  { find: 'this.buildLocation = (opts) => {', key: 'buildLocation', before: false },
  { find: 'lastEffect = create();', key: 'effects', before: true, extra: byOwner },
  { find: 'function commitRoot(root, finishedWork, lanes, spawnedLane, updatedLanes, suspendedRetryLanes, suspendedState) {', key: 'commits', before: false },
];

function patchBuild(dist) {
  const dir = path.join(dist, 'assets');
  const found = new Set();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    let text = readFileSync(path.join(dir, file), 'utf8');
    const original = text;
    for (const p of PATCHES) {
      if (text.includes(count(p.key))) found.add(p.key);
      else if (text.includes(p.find)) {
        const add = count(p.key) + (p.extra ?? '');
        text = text.replace(p.find, p.before ? `${add} ${p.find}` : `${p.find} ${add}`);
        found.add(p.key);
      }
    }
    if (text === original) continue;
    // The server sends the build's precompressed copies: they are made again from the patched text.
    writeFileSync(path.join(dir, file), text);
    if (existsSync(path.join(dir, `${file}.br`))) writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(text));
    if (existsSync(path.join(dir, `${file}.gz`))) writeFileSync(path.join(dir, `${file}.gz`), gzipSync(text));
  }
  const missing = PATCHES.filter((p) => !found.has(p.key)).map((p) => p.key);
  if (missing.length) throw new Error(`not found in ${dist} (a minified build, or the libraries changed): ${missing.join(', ')}`);
}

/** Style recalculations, layouts and long tasks of the page's main thread in a trace. */
function traceCounts(events, origin) {
  const parsed = events.find((e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url ?? '').startsWith(origin));
  if (!parsed) return {};
  const mine = events.filter((e) => e.pid === parsed.pid && e.tid === parsed.tid && e.ph === 'X');
  const tasks = mine.filter((e) => e.name === 'RunTask' && e.tdur !== undefined);
  return {
    styles: mine.filter((e) => e.name === 'UpdateLayoutTree').length,
    layouts: mine.filter((e) => e.name === 'Layout').length,
    longTasks: tasks.filter((e) => e.tdur / 1000 > LONG_MS).length,
  };
}

let dist = values.dist && path.resolve(values.dist);
if (!dist) {
  dist = path.join(root, '.data-test', 'count-start', 'dist');
  log('building apps/web unminified…');
  const r = spawnSync('npx', ['vite', 'build', '--minify', 'false', '--outDir', dist, '--emptyOutDir'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' });
  if (r.status !== 0) throw new Error('vite build failed');
}
if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`no build in ${dist}`);
patchBuild(dist);
process.env.WEB_DIST = dist;

const { chromium, devices } = await import('playwright');
const port = Number(values.port);
const server = await startSeededServer(port, path.join(root, '.data-test', 'bench-api', `count-start-${port}`));
const base = `http://127.0.0.1:${port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  const pages = values.pages.split(',');
  const { paths, customer } = await benchPagePaths(base, pages);
  for (const key of pages) {
    const runs = [];
    for (let i = 0; i < Number(values.runs); i++) {
      const context = await browser.newContext(phoneContextOptions(devices));
      const page = await context.newPage();
      if (customer && SIGNED_IN_PAGES.has(key)) await page.addInitScript(sessionInitScript(base, customer.token));
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
      await page.goto(`${base}${paths[key]}`, { waitUntil: 'load' });
      const counts = await page.evaluate(
        (settle) =>
          new Promise((resolve) =>
            setTimeout(
              () =>
                resolve({
                  ...globalThis.__count,
                  owners: globalThis.__owners ?? {},
                  elements: document.getElementsByTagName('*').length,
                  anchors: document.getElementsByTagName('a').length,
                }),
              settle,
            ),
          ),
        Number(values.settle),
      );
      const trace = JSON.parse((await browser.stopTracing()).toString());
      await context.close();
      runs.push({ ...counts, ...traceCounts(trace.traceEvents, base) });
    }
    const keys = ['buildLocation', 'commits', 'effects', 'elements', 'anchors', 'styles', 'layouts', 'longTasks'];
    log(`${key} ${paths[key]}: ${keys.map((k) => `${k} ${runs.map((r) => r[k] ?? 0).join('/')}`).join(', ')}`);
    const owners = Object.entries(runs[0].owners).sort((x, y) => y[1] - x[1]).slice(0, Number(values.owners));
    if (owners.length) log(`  ${owners.map(([owner, n]) => `${owner.replace('effects by ', '')} ${n}`).join(', ')}`);
  }
} finally {
  await browser.close();
  await stopProcess(server);
}
