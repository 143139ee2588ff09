// The scanner's robustness bench (issue 20), `npm run bench -- --only scan`: degraded pictures of
// the memo's and the boxes' barcodes read by the dialog's own decoder and frame logic
// (scripts/bench-scan-decode.ts, under tsx), the figures written to docs/benchmarks.md.
import os from 'node:os';
import { runTs, writeBenchSection } from './bench-support.mjs';

const TARGET = { decodedShare: 0.9, wrong: 0 };

export async function benchScan({ write = true } = {}) {
  // Times depend on what else runs on the machine: the load is reported with them.
  const load = os.loadavg()[0].toFixed(1);
  const { outcomes, camera } = runTs('scripts/bench-scan-decode.ts', []);
  const decoded = outcomes.filter((o) => o.decoded).length;
  const wrong = outcomes.filter((o) => o.wrong).length;
  const share = decoded / outcomes.length;
  const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const median = ms[Math.floor(ms.length / 2)];
  const missed = outcomes.filter((o) => !o.decoded).map((o) => `${o.source} — ${o.degradation}`);
  const lines = [
    `Run on ${new Date().toISOString().slice(0, 10)}, this machine (${os.cpus().length} cores, load average ${load} at the start), zxing-cpp (zxing-wasm) in Node.`,
    '',
    '| figure | value | target |',
    '| --- | --- | --- |',
    `| pictures decoded | ${decoded} / ${outcomes.length} (${(share * 100).toFixed(1)} %) | ≥ 90 % |`,
    `| wrong values filled | ${wrong} | 0 |`,
    `| read time of one photo, every pass (median) | ${median.toFixed(0)} ms | — |`,
    `| camera: first frame → both memo fields filled | ${camera.ms.toFixed(0)} ms, ${camera.frames} frames${camera.complete ? '' : ' (not complete)'} | — |`,
    '',
    missed.length > 0 ? `Not decoded: ${missed.join('; ')}.` : 'Every picture decoded.',
  ];
  const text = lines.join('\n');
  console.log(text);
  if (write) writeBenchSection('scan', 'Barcode scanner robustness (issue 20)', text);
  if (share < TARGET.decodedShare || wrong > TARGET.wrong) {
    console.error(`[bench] scan: below target (≥ ${TARGET.decodedShare * 100} % decoded, ${TARGET.wrong} wrong)`);
    process.exitCode = 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchScan({ write: !process.argv.includes('--no-write') });
