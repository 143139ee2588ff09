// The live-updates part of `npm run bench` (issue 19): Server-Sent Events delivery latency, on
// SQLite (one instance) and, when it can be started, PostgreSQL (raised on one instance, read on a
// second through LISTEN/NOTIFY). Runs apps/api/bench/live-bench.ts per engine and writes the
// figures into docs/benchmarks.md between the bench:live markers.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeBenchSection } from './bench-support.mjs';

const root = path.resolve(import.meta.dirname, '..');

function runEngine(engine, env) {
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/api/bench/live-bench.ts'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`live bench on ${engine} failed: ${r.stderr.slice(-2000)}`);
  return JSON.parse(r.stdout.slice(r.stdout.indexOf('{')));
}

export async function benchLive({ write = true } = {}) {
  const results = [runEngine('sqlite', { TEST_DB: 'sqlite' })];
  try {
    const url = process.env.TEST_DATABASE_URL ?? (await import('./postgres.mjs')).startPostgres();
    results.push(runEngine('postgres', { TEST_DB: 'postgres', TEST_DATABASE_URL: url }));
  } catch (error) {
    console.log(`[bench] live on postgres skipped: ${error.message.split('\n')[0]}`);
  }
  const ms = (s) => `${s.median} / ${s.p95} / ${s.max}`;
  const col = (f) => results.map(f).join(' | ');
  const text = [
    `Run of ${new Date().toISOString()}. Event raised (committed) until a client's stream has read it, over real sockets on this machine.`,
    '',
    `| median / p95 / max (ms) | ${results.map((r) => `${r.engine} (${r.instances === 2 ? 'raised on instance 1, read on instance 2' : 'one instance'})`).join(' | ')} |`,
    `|---|${results.map(() => '---|').join('')}`,
    `| raise → one stream (${results[0].raiseToReceived.runs} runs) | ${col((r) => ms(r.raiseToReceived))} |`,
    `| raise → the last of ${results[0].fanout.streams} streams | ${col((r) => ms(r.fanout))} |`,
    `| customer checkout sent → shop's stream has the new order (${results[0].checkoutToStaffStream.runs} runs) | ${col((r) => ms(r.checkoutToStaffStream))} |`,
    `| customer checkout sent → its HTTP answer (for comparison) | ${col((r) => ms(r.checkoutAnswer))} |`,
  ].join('\n');
  console.log(`\n${text}`);
  if (write) writeBenchSection('live', 'Live updates (issue 19)', text);
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchLive();
