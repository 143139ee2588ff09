/**
 * Developer aid (issue 18 "Scale", the one-shop SQLite search): where a request of the search bench
 * goes, on the catalogue a previous `npm run bench -- --only search --engines sqlite` built. The real
 * server (`apps/api/bench/profile-server.ts`) gets the bench's mix in the bench's order (a warm-up of
 * `--warm` seconds, then `--rounds` × `--duration` seconds measured) and prints what holds still on a
 * shared machine: the server's CPU per request beside the load average, and with `--profile` the CPU
 * profile's top items of the last round; with `--pauses` instead, the garbage collector's pauses (count per
 * kind, median and longest) and the event loop's delay during the last round, with no profiler running.
 * With `--alloc`, the last round's young-generation bytes and collections per request (`gc-window.ts`); `--sites` adds
 * the sampling heap profiler's top allocation sites, then the same bytes summed under the app's own function nearest on
 * each sample's stack (what the route's code asked of Node, Fastify and V8; its own cost then inflates that round's CPU); `--survivors` lists only
 * the sites of bytes that lived through a scavenge (decision 0638: on a quiet host, any site of ours there outlives its request).
 * `--node-args='--max-semi-space-size=16 …'` runs the server with those flags after `npm start`'s (decision 0173: they
 * override its young generation); `--gc-trace`
 * adds V8's `--trace-gc-nvp` phases of the last round's scavenges.
 * With `--dump FILE` it instead writes every mix query's answer body (one JSON line per query, in the
 * mix's order, each asked on a fresh server once and then again warm), to compare two versions
 * of the code byte for byte (`cmp`).
 *   node scripts/bench-search-profile.mjs [--data-dir /tmp/farmacia-bench-sqlite-250000] [--duration 10] [--warm 3] [--rounds 2] [--profile | --pauses | --alloc | --sites | --survivors] [--node-args='--max-semi-space-size=16'] [--gc-trace]
 *   node scripts/bench-search-profile.mjs --dump /tmp/answers.jsonl
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  benchOptions,
  cpuSecondsOf,
  freePort,
  load,
  loadSummary,
  memoryOf,
  PROFILE_OPTIONS,
  startProfileServer,
  stopProcess,
} from './bench-support.mjs';

const values = benchOptions({
  'data-dir': path.join(os.tmpdir(), 'farmacia-bench-sqlite-250000'),
  duration: '10',
  warm: '3',
  rounds: '2',
  connections: '50',
  dump: undefined,
  ...PROFILE_OPTIONS,
});
const dataDir = values['data-dir'];
const mix = JSON.parse(readFileSync(path.join(dataDir, 'query-mix.json'), 'utf8'));

mkdirSync(values.out, { recursive: true });
const port = await freePort();
const env = {
  DATA_DIR: dataDir,
  SEED_DEMO: '0',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  TZ: 'UTC',
  SEARCH_LIMIT_PER_MINUTE: '0',
  PORT: String(port),
};
// Ready once a first search has answered (it loads the index), as the bench waits for it.
const profiled = await startProfileServer(values, env, async (out) => out.includes('READY') && (await fetch(`http://127.0.0.1:${port}/api/product/search?q=tachipirina`)).status === 200);
const { server } = profiled;
try {
  if (values.dump) {
    const lines = [];
    // Twice: the first asks build the kept hits and postings, the second answers from them.
    for (const pass of ['cold', 'warm']) {
      for (const entry of mix) {
        const response = await fetch(`http://127.0.0.1:${port}${entry.path}`);
        const body = await response.text();
        // Every header but the clock's: the route's answer as a client sees it.
        const headers = [...response.headers].filter(([name]) => name !== 'date');
        lines.push(JSON.stringify({ pass, path: entry.path, status: response.status, headers, body }));
      }
    }
    writeFileSync(values.dump, `${lines.join('\n')}\n`);
    console.log(`${lines.length} answers written to ${values.dump}`);
  } else {
    // Each query once alone first, as the bench's medians do before its load: the load then meets
    // kept postings and hits, not 50 concurrent first reads of them.
    for (const entry of mix) await (await fetch(`http://127.0.0.1:${port}${entry.path}`)).arrayBuffer();
    let at = 0;
    const next = () => ({ path: mix[at++ % mix.length].path });
    const connections = Number(values.connections);
    await load(port, next, Number(values.warm), connections);
    const rounds = Number(values.rounds);
    let lastRequests = 0;
    for (let round = 1; round <= rounds; round++) {
      if (round === rounds) await profiled.openWindow();
      const loadBefore = os.loadavg()[0];
      const cpuBefore = cpuSecondsOf(server.pid);
      const result = loadSummary(await load(port, next, Number(values.duration), connections));
      lastRequests = result.requests;
      const cpuMs = (cpuSecondsOf(server.pid) - cpuBefore) * 1000;
      const { rssBytes, peakRssBytes } = memoryOf(server.pid);
      console.log(
        `round ${round}: ${result.requestsPerSecond} req/s, p50 ${result.p50Ms} / p99 ${result.p99Ms} ms, ${result.requests} requests, ` +
          `server CPU ${(cpuMs / result.requests).toFixed(3)} ms per request, non-2xx ${result.non2xx}, ` +
          `RSS ${(rssBytes / 1048576).toFixed(0)} MB (peak ${(peakRssBytes / 1048576).toFixed(0)}), load ${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}`,
      );
    }
    const report = await profiled.closeWindow(lastRequests, 35);
    if (report) console.log(report);
  }
} finally {
  await stopProcess(server);
}

