import type { PricedLine } from '../cart/index.js';

/**
 * What a voucher takes off a cart (ARCHITECTURE §4/§7 Vouchers). Pure: the limits that need the
 * database (total and per-customer uses) are enforced by the service when the voucher is applied;
 * these rules are re-evaluated on every cart read, so a cart that changes is always priced right.
 *
 * Kinds (decision 0202): `percent` off the eligible products, `fixed` euro off the eligible
 * products, `free_shipping` (the chosen delivery method costs nothing). An item-scoped discount
 * never reaches the whole cart: percent and fixed are capped at the eligible subtotal, free
 * shipping at the shipping price.
 */
export const VOUCHER_KINDS = ['percent', 'fixed', 'free_shipping'] as const;
export type VoucherKind = (typeof VOUCHER_KINDS)[number];

export interface VoucherTerms {
  kind: VoucherKind;
  /** percent: 1–100; fixed: cents; free_shipping: unused (0). */
  value: number;
  /** Evaluated on the eligible lines only. */
  minimumCartTotalCents: number;
  /** false: promo lines are neither discounted nor counted towards the minimum (medicines never are). */
  includePromoProduct: boolean;
  active: boolean;
  /** UTC ISO instants, inclusive start and exclusive end; null = open. */
  startsAt: string | null;
  endsAt: string | null;
}

/** Why a voucher does not apply, for the message; `success` applies, possibly with 0 off (e.g. free shipping before a method is chosen). */
export type VoucherOutcome =
  | 'success'
  | 'minimum_cart_total'
  | 'no_eligible_products'
  | 'inactive'
  | 'not_started'
  | 'expired';

export interface VoucherEvaluation {
  outcome: VoucherOutcome;
  /** Subtotal of the lines the voucher may discount. */
  eligibleCents: number;
  discountCents: number;
}

export function eligibleSubtotalCents(lines: readonly PricedLine[], includePromoProduct: boolean): number {
  let cents = 0;
  for (const line of lines) {
    if (line.unitCents === null) continue;
    if (line.promo && !includePromoProduct) continue;
    // The law wants one price of a medicine for every buyer (decision 0696).
    if (line.medicine) continue;
    cents += line.unitCents * line.quantity;
  }
  return cents;
}

/** Whether the voucher is usable at `now` at all (active and inside its window). */
export function voucherAvailability(terms: VoucherTerms, now: Date): 'success' | 'inactive' | 'not_started' | 'expired' {
  if (!terms.active) return 'inactive';
  const t = now.getTime();
  if (terms.startsAt !== null && t < Date.parse(terms.startsAt)) return 'not_started';
  if (terms.endsAt !== null && t >= Date.parse(terms.endsAt)) return 'expired';
  return 'success';
}

export function evaluateVoucher(
  terms: VoucherTerms,
  cart: { lines: readonly PricedLine[]; shippingCents: number },
  now: Date,
): VoucherEvaluation {
  const eligibleCents = eligibleSubtotalCents(cart.lines, terms.includePromoProduct);
  const availability = voucherAvailability(terms, now);
  if (availability !== 'success') return { outcome: availability, eligibleCents, discountCents: 0 };
  if (eligibleCents < terms.minimumCartTotalCents) return { outcome: 'minimum_cart_total', eligibleCents, discountCents: 0 };
  // Nothing the voucher may discount (an empty cart, only promo lines or medicines): never "applied".
  if (eligibleCents === 0) return { outcome: 'no_eligible_products', eligibleCents, discountCents: 0 };
  return { outcome: 'success', eligibleCents, discountCents: discountOf(terms, eligibleCents, cart.shippingCents) };
}

function discountOf(terms: VoucherTerms, eligibleCents: number, shippingCents: number): number {
  switch (terms.kind) {
    case 'percent': {
      const percent = Math.min(Math.max(terms.value, 0), 100);
      // Integer arithmetic, half up to the cent.
      return Math.min(Math.floor((eligibleCents * percent + 50) / 100), eligibleCents);
    }
    case 'fixed':
      return Math.min(Math.max(terms.value, 0), eligibleCents);
    case 'free_shipping':
      return shippingCents;
  }
}
