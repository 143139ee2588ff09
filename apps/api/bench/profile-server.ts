/**
 * Developer aid: the real server with a CPU profiler that runs only while asked, so a profile
 * shows the warm steady state and not start-up or the first loads of the index.
 *   DATA_DIR=… PORT=… tsx apps/api/bench/profile-server.ts OUT_DIR
 * `kill -USR2 <pid>` starts profiling, a second `kill -USR2` writes OUT_DIR/search-<time>.cpuprofile.
 * With PAUSES=1 the two signals instead bound a window in which the garbage collector's pauses
 * (by kind) and the event loop's delay are recorded, printed as `PAUSES {json}`: what a p99 under
 * load is made of beside the CPU per request (issue 18), without a profiler's own cost in it.
 * With ALLOC=1 (or ALLOC=sites, adding the sampling heap profiler's top sites) they bound a window of
 * young-generation allocation, promotion and collection counts instead (`gc-window.ts`), printed as `ALLOC {json}`.
 */
import { statSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { GroupedWrites } from '../src/db/grouped-writes.js';
import { tuneGarbageCollector } from '../src/garbage-collector.js';
import { type GcPause, type GcWindow, pausesByKind, startGcWindow } from './gc-window.js';

// The collector as `server.ts` runs it (decisions 0380, 0637).
tuneGarbageCollector();
const outDir = process.argv[2] ?? '.';
const config = loadConfig();
const app = await buildApp(config);
const session = new Session();
session.connect();
let profiling = false;
if (process.env.PAUSES === '1') recordPauses();
else if (process.env.ALLOC) recordAllocation(process.env.ALLOC === 'sites' ? true : process.env.ALLOC === 'survivors' ? 'survivors' : false);
else process.on('SIGUSR2', async () => {
  if (!profiling) {
    profiling = true;
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    console.log('PROFILING');
    return;
  }
  profiling = false;
  const { profile } = await session.post('Profiler.stop');
  const file = path.join(outDir, `search-${Date.now()}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  console.log(`PROFILE ${file}`);
});
/** Young-generation bytes, promotions and collections between two SIGUSR2 (`gc-window.ts`), printed as `ALLOC {json}`. */
function recordAllocation(sites: boolean | 'survivors'): void {
  let window: GcWindow | undefined;
  process.on('SIGUSR2', async () => {
    if (!window) {
      window = await startGcWindow(session, sites);
      console.log('RECORDING');
      return;
    }
    const figures = await window.stop();
    window = undefined;
    console.log(`ALLOC ${figures}`);
  });
}
/** GC pauses and event-loop delay between two SIGUSR2, in ms (wall time: a loaded host stretches them). */
function recordPauses(): void {
  // V8's GC kinds (perf_hooks constants): 1 scavenge, 2 minor mark-sweep, 4 mark-sweep-compact, 8 incremental, 16 weak callbacks.
  let pauses: GcPause[] = [];
  let recording = false;
  new PerformanceObserver((list) => {
    if (!recording) return;
    for (const entry of list.getEntries()) pauses.push({ kind: (entry.detail as { kind: number }).kind, ms: entry.duration });
  }).observe({ entryTypes: ['gc'] });
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const commits = timeGroupedCommits();
  process.on('SIGUSR2', () => {
    recording = !recording;
    if (recording) {
      pauses = [];
      commits.reset();
      delay.reset();
      delay.enable();
      console.log('RECORDING');
      return;
    }
    delay.disable();
    const loop = { p50: delay.percentile(50) / 1e6, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 };
    console.log(`PAUSES ${JSON.stringify({ gc: pausesByKind(pauses), loopDelayMs: loop, sqliteCommits: commits.figures() })}`);
  });
}
/**
 * SQLite's grouped commits (decision 0617: the cart set's writes) on the main thread, timed (issue 22): a commit that
 * runs a WAL checkpoint in its own call copies pages into the database file and syncs it while every request waits.
 * Such a commit is told apart by the database file's change time moving during it (only a checkpoint writes that file;
 * since decision 0687 the worker's, running at the same time, can move it during a commit too: short ones then).
 */
function timeGroupedCommits() {
  const file = config.engine === 'sqlite' ? config.databaseUrl : undefined;
  const changed = () => (file ? statSync(file, { bigint: true }).mtimeNs : 0n);
  let ms: number[] = [];
  let checkpointMs: number[] = [];
  const flush = (GroupedWrites.prototype as unknown as { flush(): void }).flush;
  (GroupedWrites.prototype as unknown as { flush(): void }).flush = function (this: GroupedWrites) {
    const before = changed();
    const start = performance.now();
    flush.call(this);
    const took = performance.now() - start;
    ms.push(took);
    if (changed() !== before) checkpointMs.push(took);
  };
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    reset() {
      ms = [];
      checkpointMs = [];
    },
    figures() {
      const sorted = [...ms].sort((a, b) => a - b);
      const total = (xs: number[]) => round(xs.reduce((sum, x) => sum + x, 0));
      return {
        count: ms.length,
        totalMs: total(ms),
        medianMs: round(sorted[sorted.length >> 1] ?? 0),
        p99Ms: round(sorted[Math.floor(sorted.length * 0.99)] ?? 0),
        maxMs: round(sorted.at(-1) ?? 0),
        over5Ms: ms.filter((x) => x > 5).length,
        withCheckpoint: { count: checkpointMs.length, totalMs: total(checkpointMs), maxMs: round(Math.max(0, ...checkpointMs)) },
      };
    },
  };
}
process.on('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
await app.listen({ port: config.port, host: config.host });
console.log(`READY ${config.port}`);
