import { parentPort } from 'node:worker_threads';

// The API runs from its TypeScript sources (tsx, and vitest in the tests): the worker loads the
// scanner the same way. One worker serves the process; each message is one PDF (pdf-scan-pool.ts).
const { register } = await import('tsx/esm/api');
register();
const { pdfProblem } = await import('./pdf-scan.ts');

parentPort?.on('message', ({ id, bytes }) => {
  try {
    parentPort?.postMessage({ id, problem: pdfProblem(new Uint8Array(bytes)) });
  } catch (error) {
    parentPort?.postMessage({ id, error: String(error) });
  }
});
