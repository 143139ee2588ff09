// Mutation testing of the API's domain core (issue 21, decision 0430). `npm run mutation` at the
// root runs it and merges this report with the contract's into reports/mutation/mutation.json.
import { declarationRanges, strykerOptions } from '../../scripts/mutation-targets.mjs';

const only = (file, names) => declarationRanges(import.meta.dirname, file, names);

export default {
  ...strykerOptions('api', 'vitest.stryker.config.ts'),
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
};
