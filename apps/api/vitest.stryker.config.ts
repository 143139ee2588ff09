import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * The tests Stryker runs against the API's domain core (stryker.config.mjs, decision 0430): the
 * unit tests of the pure rules and the service tests of the order lifecycle — not the whole
 * suite (the payment routes' integration tests build an app per file), so a mutant costs
 * seconds. SQLite: the engines' behaviour is covered by the normal two-engine runs.
 */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: [
        'src/modules/orders/order-lifecycle.test.ts',
        'src/modules/vouchers/voucher-rules.test.ts',
        'src/modules/reservations/slots.test.ts',
        'src/payments/*.test.ts',
      ],
      env: { TEST_DB: 'sqlite' },
    },
  }),
);
