import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The domain suites have their own run without the web framework (vitest.domain.config.ts).
    exclude: ['**/node_modules/**', 'src/**/*.domain.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Loading the app's modules costs more than most files' tests: each worker loads them once and
    // runs file after file (every file builds its own app on its own database, so nothing leaks;
    // per-instance state lives beside the database handle — src/db/per-database.ts).
    isolate: false,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TZ: 'UTC' },
  },
});
