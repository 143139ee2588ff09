// The live-updates part of `npm run bench` (issue 19): Server-Sent Events delivery latency, on
// SQLite (one instance) and, when it can be started, PostgreSQL (raised on one instance, read on a
// second through LISTEN/NOTIFY). Runs apps/api/bench/live-bench.ts per engine and writes the
// figures into docs/benchmarks.md between the bench:live markers.
import { pathToFileURL } from 'node:url';
import { benchOnEngines, writeBenchSection } from './bench-support.mjs';

export async function benchLive({ write = true } = {}) {
  const results = await benchOnEngines('live', 'apps/api/bench/live-bench.ts');
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
