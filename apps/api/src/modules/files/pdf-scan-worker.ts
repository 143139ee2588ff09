import { parentPort } from 'node:worker_threads';
import { pdfProblem } from './pdf-scan.js';

// The worker thread of pdf-scan-pool.ts: one per process, each message is one PDF. Compiled beside
// the server (scripts/build.mjs); run from the sources through pdf-scan.worker.mjs.
parentPort?.on('message', ({ id, bytes }: { id: number; bytes: ArrayBuffer }) => {
  try {
    parentPort?.postMessage({ id, problem: pdfProblem(new Uint8Array(bytes)) });
  } catch (error) {
    parentPort?.postMessage({ id, error: String(error) });
  }
});
