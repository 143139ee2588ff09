// What every `npm run bench` part needs: free ports, server processes started and stopped the
// same way, their CPU time and memory from /proc, and its section of docs/benchmarks.md.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs a TypeScript file to completion and returns its last stdout line parsed as JSON. */
export function runTs(file, args, env = {}) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`${file} failed:\n${r.stderr}\n${r.stdout}`);
  const lines = r.stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]);
}

/**
 * Runs an engine bench (apps/api/bench/*-bench.ts, which prints its figures as JSON) on SQLite
 * and, when a PostgreSQL server can be had, on PostgreSQL too; one result per engine it ran on.
 */
export async function benchOnEngines(name, file, env = {}) {
  const run = (engine, engineEnv) => {
    const r = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), file], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ...env, ...engineEnv },
      maxBuffer: 16 * 1024 * 1024,
    });
    if (r.status !== 0) throw new Error(`${name} bench on ${engine} failed: ${r.stderr.slice(-2000)}`);
    return JSON.parse(r.stdout.slice(r.stdout.indexOf('{')));
  };
  const results = [run('sqlite', { TEST_DB: 'sqlite' })];
  try {
    const url = process.env.TEST_DATABASE_URL ?? (await import('./postgres.mjs')).startPostgres();
    results.push(run('postgres', { TEST_DB: 'postgres', TEST_DATABASE_URL: url }));
  } catch (error) {
    console.log(`[bench] ${name} on postgres skipped: ${error.message.split('\n')[0]}`);
  }
  return results;
}

/**
 * Starts a server process and resolves once `ready(output)` answers true (polled, at most 120 s).
 * Servers run with the young generation `npm start` gives them (decision 0173).
 */
export async function startProcess(args, env, ready, nodeArgs = []) {
  const child = spawn(process.execPath, ['--max-semi-space-size=64', ...nodeArgs, '--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (await ready(output).catch(() => false)) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${output}`);
}

/** SIGTERM, and SIGKILL if the server has not drained within 10 s. */
export function stopProcess(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

/** CPU seconds (user + system) a process has used: /proc/PID/stat fields 14 and 15, in clock ticks. */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
export function cpuSecondsOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rssBytes: kb('VmRSS'), peakRssBytes: kb('VmHWM') };
}

/**
 * Replaces what stands between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->` in
 * docs/benchmarks.md with `text`; a missing section is added at the end under `heading`.
 */
export function writeBenchSection(name, heading, text) {
  const doc = path.join(root, 'docs/benchmarks.md');
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  let current = readFileSync(doc, 'utf8');
  if (!current.includes(start)) current += `\n## ${heading}\n\n${start}\n${end}\n`;
  const at = current.indexOf(start);
  const until = current.indexOf(end);
  writeFileSync(doc, `${current.slice(0, at + start.length)}\n${text}\n${current.slice(until)}`);
}

/**
 * The bench's command-line options (`--name value`, `--flag`), each typed by its default: a string,
 * a boolean, or `undefined` for a string option without one.
 */
export function benchOptions(defaults) {
  const options = Object.fromEntries(
    Object.entries(defaults).map(([name, value]) => [name, value === undefined ? { type: 'string' } : { type: typeof value, default: value }]),
  );
  return parseArgs({ options }).values;
}

/** Prints a bench's figures and, unless `--no-write`, puts them in their section of docs/benchmarks.md. */
export function publishBench(name, heading, text, { write, log }) {
  console.log(`\n${text}`);
  if (!write) return;
  writeBenchSection(name, heading, text);
  log('figures written to docs/benchmarks.md');
}

/**
 * A load run plus the server CPU it cost per request: unlike req/s, barely moved by other work on a
 * shared machine, so the ratio to the ceiling's CPU per request is the steadier figure.
 */
export async function loadMeasured(pid, port, next, seconds, connections) {
  const before = cpuSecondsOf(pid);
  const result = loadSummary(await load(port, next, seconds, connections));
  result.cpuMsPerRequest = ((cpuSecondsOf(pid) - before) * 1000) / Math.max(1, result.requests);
  return result;
}

/** The latency a request may take under load (issue 22's p99 budget): `load` counts the answers slower than this. */
export const SLOW_MS = 25;

/**
 * autocannon with `next()` choosing each request ({ method, path, headers, body }); the result also counts
 * the answers slower than {@link SLOW_MS} (`slow`), which a percentile of a whole-millisecond histogram blurs.
 */
export function load(port, next, seconds, connections) {
  let slow = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (request) => {
              const r = next();
              request.method = r.method ?? 'GET';
              request.path = r.path;
              request.headers = { ...request.headers, ...(r.headers ?? {}) };
              if (r.body !== undefined) {
                request.body = JSON.stringify(r.body);
                request.headers['content-type'] = 'application/json';
              } else {
                delete request.body;
              }
              return request;
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve({ ...result, slow })),
    );
    instance.on('response', (_client, _status, _bytes, ms) => {
      if (ms > SLOW_MS) slow++;
    });
  });
}

/** A load's tail in one line: p90 / p99 / p99.9 / max and the answers over {@link SLOW_MS} per 10,000. */
export const tailOf = (r) => `p90 ${r.p90Ms} / p99 ${r.p99Ms} / p99.9 ${r.p999Ms} / max ${r.maxMs} ms, ${r.slowPer10k?.toFixed(0)} per 10,000 over ${SLOW_MS} ms`;

export const loadSummary = (r) => ({
  requestsPerSecond: Math.round(r.requests.average),
  p50Ms: r.latency.p50,
  p99Ms: r.latency.p99,
  // The tail: what the slowest requests waited for shows here first (issue 22).
  p90Ms: r.latency.p90,
  p999Ms: r.latency.p99_9,
  maxMs: r.latency.max,
  slowPer10k: r.slow === undefined ? undefined : (r.slow * 10_000) / Math.max(1, r.requests.total),
  requests: r.requests.total,
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
  statusCodes: r.statusCodeStats,
});

/** The URL of database `name` on the local PostgreSQL cluster (scripts/postgres.mjs), made anew unless `reuse`. */
export async function benchDatabaseUrl(name, reuse) {
  const { startPostgres } = await import('./postgres.mjs');
  const adminUrl = startPostgres();
  if (!reuse) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Whether `engine` can be benched here: PostgreSQL is started, or skipped with a line saying why. */
export async function engineAvailable(engine, log) {
  if (engine !== 'postgres') return true;
  try {
    const { startPostgres } = await import('./postgres.mjs');
    startPostgres();
    return true;
  } catch (error) {
    log(`postgres: cannot start it (${error.message.split('\n')[0]}); skipped`);
    return false;
  }
}

/**
 * Asks a server started with the profiling hook (SIGUSR2: start, then stop and print
 * `PROFILE <file>`) for its CPU profile and returns the summary of its `top` functions.
 */
async function serverProfileSummary(server, top) {
  const profiled = new Promise((resolve) => {
    server.stdout.on('data', (d) => {
      const m = /PROFILE (\S+)/.exec(String(d));
      if (m) resolve(m[1]);
    });
  });
  server.kill('SIGUSR2');
  const file = await profiled;
  return spawnSync(process.execPath, [path.join(import.meta.dirname, '../apps/api/bench/profile-summary.mjs'), file, String(top)], { encoding: 'utf8' }).stdout;
}

/** V8's collection kinds as perf_hooks numbers them (`detail.kind` of a 'gc' entry). */
const GC_KINDS = { 1: 'scavenge', 2: 'minor mark-sweep', 4: 'mark-sweep-compact', 8: 'incremental marking', 16: 'weak callbacks' };

/** One line per kind of collection: count, total, median, 90th percentile and longest pause (`pausesByKind` of `gc-window.ts`). */
export const pauseLines = (byKind, prefix = '') =>
  Object.entries(byKind).map(
    ([kind, p]) => `  ${GC_KINDS[kind] ?? kind}${prefix}: ${p.count} (total ${p.totalMs} ms, median ${p.medianMs}, p90 ${p.p90Ms}, longest ${p.maxMs})`,
  );

/**
 * Ends a window of a server started with `apps/api/bench/profile-server.ts` (its second SIGUSR2)
 * and answers the JSON the server prints after `tag` (`PAUSES`, `ALLOC`).
 */
export function endServerWindow(server, tag) {
  const printed = new Promise((resolve) => {
    server.stdout.on('data', (d) => {
      const m = new RegExp(`${tag} (\\{.*\\})`).exec(String(d));
      if (m) resolve(JSON.parse(m[1]));
    });
  });
  server.kill('SIGUSR2');
  return printed;
}

/**
 * Ends a profile server's allocation window (ALLOC=1 or ALLOC=sites, `gc-window.ts`) and returns its
 * figures per request: young-generation KB and promoted bytes per request, collections per 10,000
 * requests (what a loaded host does not change), the pauses' wall time, and with `sites` the top
 * allocation sites in bytes per request.
 */
async function serverAllocation(server, requests) {
  const { youngAllocated, promoted, survivedPerScavenge, youngCapacity, collections, pauses, top } = await endServerWindow(server, 'ALLOC');
  const per10k = Object.entries(collections).map(([kind, n]) => `${kind} ${((n * 10_000) / requests).toFixed(2)}`);
  const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  return [
    `allocation over ${requests} requests: young generation ${(youngAllocated / requests / 1024).toFixed(2)} KB per request, ` +
      `promoted by scavenges ${(promoted / requests).toFixed(0)} B per request; collections per 10,000 requests: ${per10k.join(', ')}`,
    `  survived per scavenge: median ${kb(survivedPerScavenge.median)}, most ${kb(survivedPerScavenge.max)}; new space ${(youngCapacity / 1048576).toFixed(0)} MB`,
    ...pauseLines(pauses, ' pauses'),
    ...top.map((t) => `  ${(t.bytes / requests).toFixed(0).padStart(6)} B/req  ${t.site}`),
  ].join('\n');
}

/**
 * The profile server's window (its `ALLOC`, `gc-window.ts`) a profiling script's options ask for: `survivors`, `sites`,
 * `1` (`--alloc`), or '' for none.
 */
const allocationMode = (values) => (values.survivors ? 'survivors' : values.sites ? 'sites' : values.alloc ? '1' : '');

/**
 * A profiling script's server flags: `--node-args` (split at spaces; after `startProcess`'s own, so they win) and V8's
 * `--trace-gc-nvp` with `--gc-trace`.
 */
const profiledNodeArgs = (values) => [...(values['node-args']?.split(' ').filter(Boolean) ?? []), ...(values['gc-trace'] ? ['--trace-gc-nvp'] : [])];

/**
 * The profiling scripts' window options, each script's own added beside them in `benchOptions`:
 * the window (`--profile`, `--pauses`, `--alloc`, `--sites`, `--survivors`), the server's flags (`--node-args`,
 * `--gc-trace`) and where CPU profiles go (`--out`). What they do: `startProfileServer`.
 */
export const PROFILE_OPTIONS = {
  profile: false,
  pauses: false,
  alloc: false,
  sites: false,
  survivors: false,
  'node-args': undefined,
  'gc-trace': false,
  out: path.join(root, '.data-test/bench/cpu-profiles'),
};

/**
 * A profiling script's server: `apps/api/bench/profile-server.ts` with the window its options ask for — `--alloc`, `--sites`,
 * `--survivors` (`allocationMode`); otherwise `--pauses` (the collector's pauses and the event loop's delay); otherwise a CPU
 * profile when `--profile` or the script's `profile` says so — and its flags (`profiledNodeArgs`: `--node-args`, `--gc-trace`).
 * `openWindow(settleMs)` starts the window (the server's first SIGUSR2), waits `settleMs` and keeps the server's output from
 * then on; `closeWindow(requests, top)` ends it and answers its report: the allocation figures per request, the pauses, or the
 * CPU profile's `top` items, then the scavenges' `--trace-gc-nvp` phases with `--gc-trace` ('' when nothing was asked).
 */
export async function startProfileServer(values, env, ready, { profile = values.profile === true } = {}) {
  const alloc = allocationMode(values);
  const pauses = alloc === '' && values.pauses === true;
  const server = await startProcess(
    ['apps/api/bench/profile-server.ts', values.out],
    { ...env, ALLOC: alloc, PAUSES: pauses ? '1' : '0' },
    ready,
    profiledNodeArgs(values),
  );
  let windowOutput = '';
  server.stdout.on('data', (d) => {
    windowOutput += d;
  });
  return {
    server,
    async openWindow(settleMs = 0) {
      if (alloc !== '' || pauses || profile) server.kill('SIGUSR2');
      if (settleMs) await new Promise((r) => setTimeout(r, settleMs));
      windowOutput = '';
    },
    async closeWindow(requests, top) {
      const parts = [];
      if (alloc !== '') parts.push(await serverAllocation(server, requests));
      else if (pauses) parts.push(await serverPauses(server));
      else if (profile) parts.push(await serverProfileSummary(server, top));
      if (values['gc-trace']) parts.push(scavengePhases(windowOutput));
      return parts.join('\n');
    },
  };
}

/** Ends the profile server's pause window (PAUSES=1) and returns what it printed, one line per GC kind. */
async function serverPauses(server) {
  const { gc, loopDelayMs, sqliteCommits: c } = await endServerWindow(server, 'PAUSES');
  const loop = `event loop delay p50 ${loopDelayMs.p50.toFixed(1)} / p99 ${loopDelayMs.p99.toFixed(1)} / max ${loopDelayMs.max.toFixed(1)} ms`;
  const commits = c.count
    ? `SQLite grouped commits on the main thread: ${c.count} (total ${c.totalMs} ms, median ${c.medianMs}, p99 ${c.p99Ms}, longest ${c.maxMs}, ${c.over5Ms} over 5 ms); ` +
      `with a checkpoint in them: ${c.withCheckpoint.count} (total ${c.withCheckpoint.totalMs} ms, longest ${c.withCheckpoint.maxMs})`
    : 'SQLite grouped commits on the main thread: none';
  return ['GC pauses in the window (wall time):', ...pauseLines(gc), loop, commits].join('\n');
}

/**
 * The scavenges' phases as V8's `--trace-gc-nvp` names them (one `key=value` line per collection, `gc=s`
 * for a scavenge), over the lines of a server's output: each key's median and 90th percentile, keys
 * whose 90th percentile is 0 left out. `pause` is the whole stop; the phases say where it went.
 */
function scavengePhases(output) {
  const byKey = new Map();
  let count = 0;
  for (const line of output.split('\n')) {
    if (!/\bgc=s\b/.test(line)) continue;
    count++;
    for (const [, key, value] of line.matchAll(/([\w.]+)=(-?[\d.]+)\b/g)) {
      if (!byKey.has(key)) byKey.set(key, []);
      byKey.get(key).push(Number(value));
    }
  }
  const rows = [];
  for (const [key, values] of byKey) {
    values.sort((a, b) => a - b);
    const p90 = values[Math.min(values.length - 1, Math.floor(values.length * 0.9))];
    if (p90 !== 0) rows.push(`    ${key}: median ${values[values.length >> 1]}, p90 ${p90}`);
  }
  return [`  --trace-gc-nvp, ${count} scavenges:`, ...rows].join('\n');
}
