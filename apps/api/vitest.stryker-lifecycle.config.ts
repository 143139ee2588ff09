import { defineConfig } from 'vitest/config';

/** The order lifecycle's service tests, for stryker.lifecycle.config.mjs (decision 0430). SQLite. */
export default defineConfig({
  test: {
    include: ['src/modules/orders/order-lifecycle.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TZ: 'UTC', TEST_DB: 'sqlite' },
  },
});
