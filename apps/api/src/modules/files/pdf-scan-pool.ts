import { Worker } from 'node:worker_threads';

/**
 * Runs the PDF check (pdf-scan.ts) in a worker thread: decoding up to 64 MB of streams is CPU
 * work that would otherwise stall every other request (issue 21). One worker per process, started
 * on the first PDF and not keeping the process alive; a scan that crashes the worker or outlasts
 * SCAN_TIMEOUT_MS is a refusal (fail closed) and the worker is replaced.
 */

// From the sources (tsx, vitest) this module is a .ts file and its worker loads through tsx; in the
// compiled server (scripts/build.mjs) the worker is compiled beside this module's chunk.
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('./pdf-scan.worker.mjs', import.meta.url)
  : new URL('./pdf-scan-worker.mjs', import.meta.url);
const SCAN_TIMEOUT_MS = 20_000;

type Pending = { resolve: (problem: string | undefined) => void; timer: NodeJS.Timeout };
type Reply = { id: number; problem?: string; error?: string };

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 0;

function settle(id: number, problem: string | undefined): void {
  const job = pending.get(id);
  if (!job) return;
  pending.delete(id);
  clearTimeout(job.timer);
  job.resolve(problem);
  if (pending.size === 0) worker?.unref();
}

/** Every scan still waiting is refused, and the next one starts a new worker. */
function discardWorker(reason: string): void {
  const old = worker;
  worker = undefined;
  for (const id of [...pending.keys()]) settle(id, reason);
  void old?.terminate();
}

function currentWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_URL);
  started.on('message', ({ id, problem, error }: Reply) => settle(id, error ? 'scan failed' : problem));
  started.on('error', () => discardWorker('scan failed'));
  started.on('exit', () => {
    if (worker === started) discardWorker('scan failed');
  });
  worker = started;
  return started;
}

/** Why the PDF is refused, or undefined when it may be stored; never throws. */
export function scanPdf(bytes: Uint8Array): Promise<string | undefined> {
  const id = nextId++;
  const target = currentWorker();
  return new Promise((resolve) => {
    const timer = setTimeout(() => discardWorker('scan timeout'), SCAN_TIMEOUT_MS);
    pending.set(id, { resolve, timer });
    target.ref();
    // A copy is transferred: the caller keeps its bytes to store them.
    const copy = Uint8Array.from(bytes).buffer;
    target.postMessage({ id, bytes: copy }, [copy]);
  });
}
