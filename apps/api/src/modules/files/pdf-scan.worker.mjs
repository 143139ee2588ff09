// Run from the TypeScript sources (tsx, and vitest in the tests), the worker thread loads its code
// through tsx; the compiled server starts the compiled pdf-scan-worker.mjs instead (pdf-scan-pool.ts).
const { register } = await import('tsx/esm/api');
register();
await import('./pdf-scan-worker.ts');
