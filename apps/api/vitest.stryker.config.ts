import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against the API's domain core (stryker.config.mjs, decision 0430): the
 * unit tests of the pure rules — not the whole suite (the integration tests build an app per
 * file, and every one of them would count as related to these modules), so a mutant costs a
 * second or two. The order lifecycle's service tests: vitest.stryker-lifecycle.config.ts. SQLite: the engines' behaviour is covered
 * by the normal two-engine runs.
 */
export default defineConfig({
  test: {
    include: [
      'src/modules/vouchers/voucher-rules.test.ts',
      'src/modules/bookings/slots.test.ts',
      'src/payments/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TZ: 'UTC', TEST_DB: 'sqlite' },
  },
});
