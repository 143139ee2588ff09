import { CART_QUANTITY_MAX, CART_QUANTITY_MIN } from './constants.js';

/**
 * The cart's rules that need no schema (issue 22, decision 0579): kept apart from cart.ts (zod
 * schemas built at module load) so the cart screen does not evaluate zod on a phone's start.
 * cart.ts re-exports them: the contract's API is unchanged.
 */

/** Spec §5: the quantity choices 0 (remove) to 10. */
export const CART_QUANTITY_CHOICES: readonly number[] = Array.from(
  { length: CART_QUANTITY_MAX - CART_QUANTITY_MIN + 1 },
  (_, i) => CART_QUANTITY_MIN + i,
);

/** Spec §5: a quantity of 0 or less removes the item. */
export function isCartRemoval(quantity: number): boolean {
  return quantity <= 0;
}
