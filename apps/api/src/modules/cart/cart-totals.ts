import { evaluateVoucher, type VoucherEvaluation, type VoucherTerms } from '../vouchers/index.js';

/**
 * The cart's money, in integer cents, computed on the server only (prices come from the
 * catalogue, never from the client). Pure: the service loads the rows, this decides the numbers.
 */

/** A cart line as priced from the catalogue; `unitCents: null` when the product left the catalogue. */
export interface PricedLine {
  code: string;
  quantity: number;
  unitCents: number | null;
  /** On promotion: a voucher with include_promo_product = 0 does not discount it. */
  promo: boolean;
  /** A medicine (contract `isMedicine`): no voucher discounts it, whatever its terms (decision 0696). */
  medicine: boolean;
}

/** The chosen delivery method's price before its free-above threshold. */
export interface ShippingPrice {
  priceCents: number;
  /** Free when the products' subtotal reaches this; null = never free. */
  freeAboveCents: number | null;
}

export interface CartTotals {
  /** Sum of the priced lines. */
  subTotalCents: number;
  /** Shipping after its free-above threshold (0 with no method chosen). */
  shippingCents: number;
  /** Subtotal plus shipping, before any voucher (spec §9: the app shows total minus discount_amount). */
  totalCents: number;
  /** Units of every line still in the cart, priced or not. */
  totalQuantity: number;
  /** The attached voucher's evaluation, or undefined without one. */
  voucher: VoucherEvaluation | undefined;
  /** What the voucher takes off (0 when it does not apply). */
  discountCents: number;
  /** What the customer pays: total minus discount, never negative. */
  totalDueCents: number;
}

export function lineTotalCents(line: PricedLine): number | null {
  return line.unitCents === null ? null : line.unitCents * line.quantity;
}

/** Shipping of a method for a products subtotal: free at or above its threshold. */
export function shippingCentsFor(shipping: ShippingPrice | undefined, subTotalCents: number): number {
  if (!shipping) return 0;
  if (shipping.freeAboveCents !== null && subTotalCents >= shipping.freeAboveCents) return 0;
  return shipping.priceCents;
}

export function computeCartTotals(input: {
  lines: readonly PricedLine[];
  shipping?: ShippingPrice | undefined;
  voucher?: VoucherTerms | undefined;
  now: Date;
}): CartTotals {
  let subTotalCents = 0;
  let totalQuantity = 0;
  for (const line of input.lines) {
    subTotalCents += lineTotalCents(line) ?? 0;
    totalQuantity += line.quantity;
  }
  const shippingCents = shippingCentsFor(input.shipping, subTotalCents);
  const totalCents = subTotalCents + shippingCents;
  const voucher = input.voucher
    ? evaluateVoucher(input.voucher, { lines: input.lines, shippingCents }, input.now)
    : undefined;
  // The rules already cap the discount; the clamp keeps the invariant even if they change.
  const discountCents = Math.min(voucher?.discountCents ?? 0, totalCents);
  return {
    subTotalCents,
    shippingCents,
    totalCents,
    totalQuantity,
    voucher,
    discountCents,
    totalDueCents: totalCents - discountCents,
  };
}
