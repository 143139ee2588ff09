/**
 * The voucher's rules that need no schema (issue 22, decision 0579): kept apart from voucher.ts
 * (zod schemas built at module load) so the cart and checkout screens do not evaluate zod on a
 * phone's start. voucher.ts re-exports them: the contract's API is unchanged.
 */

/** Longest discount code accepted. */
export const VOUCHER_CODE_MAX_LENGTH = 50;

/** The three states the app shows for an `apply_voucher` (spec §4). */
export type VoucherState = 'applied' | 'belowMinimum' | 'invalid';

/** Spec §4: success → applied; minimum_cart_total → not applied, show the minimum; other → invalid. */
export function voucherState(apply: { type: string }): VoucherState {
  if (apply.type === 'success') return 'applied';
  if (apply.type === 'minimum_cart_total') return 'belowMinimum';
  return 'invalid';
}
