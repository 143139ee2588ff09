/**
 * Refund rules (issue 19, decision 0515): what is left to refund of an order paid online, which
 * amounts a pharmacist may refund, when a refused refund may be tried again and what the order's
 * refund state is. Light on purpose (no zod, no messages): the web app and the back office read
 * it on screens, the server enforces the same functions.
 */

/**
 * `requested`: recorded, the provider not asked yet (or its answer lost); `pending`: the provider
 * took it and settles later; `approved`: the money went back; `refused`: the provider said no.
 */
export const REFUND_STATUSES = ['requested', 'pending', 'approved', 'refused'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** What of a refund the rules read (amounts in integer cents). */
export interface RefundFacts {
  amount_cents: number;
  status: RefundStatus;
}

/** Refunds that hold money: given back, or on its way back. A refused one holds nothing. */
const holdsMoney = (status: RefundStatus) => status !== 'refused';

/** Cents already given back (approved refunds only). */
export function refundedCents(refunds: readonly RefundFacts[]): number {
  return refunds.filter((r) => r.status === 'approved').reduce((sum, r) => sum + r.amount_cents, 0);
}

/** Cents still refundable: paid, less what was given back or is on its way back. */
export function refundableCents(paidCents: number, refunds: readonly RefundFacts[]): number {
  const held = refunds.filter((r) => holdsMoney(r.status)).reduce((sum, r) => sum + r.amount_cents, 0);
  return Math.max(0, paidCents - held);
}

/** A refund the provider has not finished: one at a time per order, so a retry never races another. */
export function refundInFlight(refunds: readonly RefundFacts[]): boolean {
  return refunds.some((r) => r.status === 'requested' || r.status === 'pending');
}

/** Why an amount cannot be refunded now, or null when it can. */
export type RefundRefusal = 'notPaid' | 'notPositive' | 'overRemainder' | 'inFlight';

export function refundAmountRefusal(amountCents: number, paidCents: number, refunds: readonly RefundFacts[]): RefundRefusal | null {
  if (paidCents <= 0) return 'notPaid';
  if (!Number.isInteger(amountCents) || amountCents <= 0) return 'notPositive';
  if (amountCents > refundableCents(paidCents, refunds)) return 'overRemainder';
  if (refundInFlight(refunds)) return 'inFlight';
  return null;
}

/** Who may refund: the shop's staff; a customer never asks for money back this way (spec §4). */
export function canRefund(role: string): boolean {
  return role === 'pharmacist' || role === 'admin';
}

/**
 * A refused refund may be sent again (same amount, same reason) when nothing is in flight and its
 * amount still fits what is left; a later approved refund may have used the remainder.
 */
export function canRetryRefund(refund: RefundFacts, paidCents: number, refunds: readonly RefundFacts[]): boolean {
  return refund.status === 'refused' && !refundInFlight(refunds) && refund.amount_cents <= refundableCents(paidCents, refunds);
}

/**
 * The order's refund state as both sides show it: `none` (never refunded), `inProgress`
 * (a refund under way), `refused` (the last attempt failed, nothing under way), `partial`
 * (some money back, some still paid), `refunded` (all of it back).
 */
export type OrderRefundState = 'none' | 'inProgress' | 'refused' | 'partial' | 'refunded';

export function orderRefundState(paidCents: number, refunds: readonly RefundFacts[]): OrderRefundState {
  if (refunds.length === 0) return 'none';
  if (refundInFlight(refunds)) return 'inProgress';
  const back = refundedCents(refunds);
  if (paidCents > 0 && back >= paidCents) return 'refunded';
  if (refunds.at(-1)?.status === 'refused') return 'refused';
  return back > 0 ? 'partial' : 'none';
}
