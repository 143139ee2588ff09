import { defineConfig } from 'vitest/config';

/** How the API's suites run, the domain suites too (vitest.domain.config.ts). */
export const apiSuiteOptions = {
  environment: 'node',
  pool: 'forks',
  // Loading the app's modules costs more than most files' tests: each worker loads them once and
  // runs file after file (every file opens its own database, so nothing leaks;
  // per-instance state lives beside the database handle — src/db/per-database.ts).
  isolate: false,
  maxWorkers: 2,
  // Names this run's PostgreSQL databases and drops its leftovers at the end (test/postgres-run.ts).
  globalSetup: './test/postgres-run.ts',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  env: { TZ: 'UTC' },
} as const;

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The domain suites have their own run without the web framework (vitest.domain.config.ts).
    exclude: ['**/node_modules/**', 'src/**/*.domain.test.ts'],
    ...apiSuiteOptions,
  },
});
