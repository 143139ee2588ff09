// Mutation testing of the API's domain core (issue 21, decision 0430). `npm run mutation` at the
// root runs it and merges this report with the contract's into reports/mutation/mutation.json.
import { declarationRanges } from '../../scripts/mutation-targets.mjs';

const only = (file, names) => declarationRanges(import.meta.dirname, file, names);

export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.stryker.config.ts', related: true },
  coverageAnalysis: 'perTest',
  // Reruns test only the mutants whose code or covering tests changed since the last report.
  incremental: true,
  incrementalFile: '../../reports/mutation/api-incremental.json',
  // The machine is shared (and loaded: the first, instrumented run of the tests takes minutes).
  concurrency: 1,
  dryRunTimeoutMinutes: 30,
  mutate: [
    // The order lifecycle: one transition, guarded against lost updates, recorded and announced.
    'src/modules/orders/order-lifecycle.ts',
    // Checkout totals and the voucher rules they apply.
    'src/modules/cart/cart-totals.ts',
    'src/modules/vouchers/voucher-rules.ts',
    // Booking slots and conflicts.
    'src/modules/reservations/slots.ts',
    // Verification of the payment providers' notifications: which payment a message claims, the
    // signature and what the provider's statement says (not the HTTP plumbing around it).
    'src/payments/notification-ref.ts',
    ...only('src/payments/nexi.ts', ['nexiOutcomeMac', 'macEquals', 'nexiOutcome', 'verifyNexiOutcome']),
    ...only('src/payments/gestpay.ts', ['gestpayOutcome', 'authorisedCents']),
    ...only('src/payments/paypal.ts', ['paypalReport']),
  ],
  reporters: ['clear-text', 'progress-append-only', 'json'],
  jsonReporter: { fileName: '../../reports/mutation/api.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 80, break: null },
};
