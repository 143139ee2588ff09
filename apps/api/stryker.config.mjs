// Mutation testing of the API's domain core (issue 21, decision 0430): its pure rules, with their
// unit tests (the order lifecycle, whose tests need a database, is stryker.lifecycle.config.mjs).
// `npm run mutation` at the root runs both and merges them into reports/mutation/mutation.json.
import { declarationRanges, strykerOptions } from '../../scripts/mutation-targets.mjs';

const only = (file, names) => declarationRanges(import.meta.dirname, file, names);

export default {
  ...strykerOptions('api', 'vitest.stryker.config.ts'),
  mutate: [
    // Checkout totals and the voucher rules they apply.
    'src/modules/cart/cart-totals.ts',
    'src/modules/vouchers/voucher-rules.ts',
    // Booking slots and conflicts.
    'src/modules/bookings/slots.ts',
    // Verification of the payment providers' notifications: which payment a message claims, the
    // signature and what the provider's statement says (not the HTTP plumbing around it).
    'src/payments/notification-ref.ts',
    ...only('src/payments/nexi.ts', ['nexiOutcomeMac', 'macEquals', 'nexiOutcome', 'verifyNexiOutcome']),
    ...only('src/payments/gestpay.ts', ['gestpayOutcome', 'authorisedCents']),
    ...only('src/payments/paypal.ts', ['paypalReport']),
  ],
};
