import {
  APPLY_VOUCHER_MESSAGES,
  type ApplyVoucher,
  centsToEuro,
  fillMessage,
  formatCents,
  type Voucher,
} from '@farmacia/contract';
import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../db/column.js';
import type { Database } from '../../db/schema.js';
import { lockCartRow } from '../cart/index.js';
import type { VoucherEvaluation, VoucherKind, VoucherTerms } from './voucher-rules.js';
import * as repo from './vouchers.repository.js';
import type { VoucherRow } from './vouchers.table.js';
import type { ServiceContext } from '../../context.js';

/**
 * Vouchers applied to carts (ARCHITECTURE §4/§7, decision 0202). What a voucher takes off is the
 * pure `voucher-rules`; this module keeps the uses: one reserved use per cart, the total and
 * per-customer limits taken atomically when the voucher is applied, given back when it is
 * removed, and turned into a redemption by the checkout.
 */

type Executor = Kysely<Database> | Transaction<Database>;

export function termsOf(row: VoucherRow): VoucherTerms {
  return {
    kind: row.kind as VoucherKind,
    value: row.value,
    minimumCartTotalCents: row.minimum_cart_total,
    includePromoProduct: row.include_promo_product === 1,
    active: row.active === 1,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
  };
}

/** The voucher as the cart lists it (spec §3 Cart vouchers), with what it takes off now. */
export function toVoucher(row: VoucherRow, discountCents: number): Voucher {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    discount_amount: centsToEuro(discountCents),
    minimum_cart_total: row.minimum_cart_total > 0 ? centsToEuro(row.minimum_cart_total) : null,
    include_promo_product: row.include_promo_product === 1 ? 1 : 0,
  };
}

/** Outcomes that are not the voucher rules' (they need the database). */
export type ReservationRefusal = 'exhausted' | 'already_used';

/** The cart's `apply_voucher` for an outcome (spec §4 Voucher state): the outcome is the type. */
export function applyVoucherOf(
  outcome: VoucherEvaluation['outcome'] | ReservationRefusal | 'invalid',
  voucher: VoucherRow | undefined,
  discountCents: number,
): ApplyVoucher {
  const message =
    outcome === 'minimum_cart_total'
      ? fillMessage(APPLY_VOUCHER_MESSAGES.minimum_cart_total, { minimum: formatCents(voucher?.minimum_cart_total ?? 0) })
      : APPLY_VOUCHER_MESSAGES[outcome];
  return { type: outcome, message, discount_amount: outcome === 'success' ? centsToEuro(discountCents) : 0 };
}

/** A shop's voucher by the code as typed (case-insensitive). */
export function findVoucherByCode(ctx: ServiceContext, shopId: number, code: string): Promise<VoucherRow | undefined> {
  return repo.findByCode(ctx.db, shopId, code.trim().toUpperCase());
}

/** The voucher reserved on a cart, if any. */
export async function cartVoucher(db: Executor, cartId: number): Promise<(VoucherRow & { redemption_id: number; redemption_user_id: number }) | undefined> {
  return repo.findReservedOnCart(db, cartId);
}

class Refused extends Error {
  constructor(readonly outcome: ReservationRefusal) {
    super(outcome);
  }
}

/** PostgreSQL deadlock or serialization failure: the transaction can simply run again. */
function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '40P01' || code === '40001';
}

/**
 * Reserves one use of the voucher for the customer's cart, replacing the voucher already there.
 * Limits are taken by conditional writes inside one transaction, so they hold under any number
 * of concurrent attempts; a refusal rolls everything back (the previous voucher stays).
 */
export async function reserveVoucher(
  ctx: ServiceContext,
  input: { voucher: VoucherRow; userId: number; cartId: number },
): Promise<'success' | ReservationRefusal> {
  const { voucher, userId, cartId } = input;
  for (let attempt = 1; ; attempt++) {
    try {
      await ctx.db.transaction().execute(async (trx) => {
        await lockCartRow(trx, cartId);
        const current = await repo.findReservedOnCart(trx, cartId);
        if (current?.id === voucher.id) return;
        if (current) await repo.releaseReservation(trx, current.redemption_id, current.id, current.redemption_user_id);
        if (!(await repo.takeCustomerUse(trx, voucher.id, userId, voucher.per_customer_limit))) throw new Refused('already_used');
        if (!(await repo.takeTotalUse(trx, voucher.id))) throw new Refused('exhausted');
        await repo.insertReservation(trx, voucher.id, userId, cartId, nowIso());
      });
      return 'success';
    } catch (error) {
      if (error instanceof Refused) return error.outcome;
      if (attempt < 3 && isRetryable(error)) continue;
      throw error;
    }
  }
}

/** Removes the voucher from the cart and gives its use back; false when it is not on the cart. */
export async function releaseCartVoucher(ctx: ServiceContext, cartId: number, voucherId?: number): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockCartRow(trx, cartId);
    const current = await repo.findReservedOnCart(trx, cartId);
    if (!current || (voucherId !== undefined && current.id !== voucherId)) return false;
    await repo.releaseReservation(trx, current.redemption_id, current.id, current.redemption_user_id);
    return true;
  });
}

/**
 * For the checkout, inside its transaction: the cart's reserved voucher becomes a redemption of
 * the order (its use stays taken). Answers the voucher id, or undefined without one.
 */
export function redeemCartVoucher(trx: Executor, cartId: number, orderId: number): Promise<number | undefined> {
  return repo.redeemReservation(trx, cartId, orderId, nowIso());
}

/**
 * In the transaction that cancels an order: its voucher's use goes back to the voucher and to the
 * customer, once — a second cancel or a replay finds no redemption left (decision 0224 foresaw it).
 */
export function releaseOrderVoucher(trx: Executor, orderId: number): Promise<number | undefined> {
  return repo.releaseOrderRedemption(trx, orderId);
}

/**
 * In the transaction that erases an account: the vouchers it had put in its carts go back to
 * their total (the erasure deletes the reservations; without this their uses would stay taken).
 * What its orders redeemed stays used, as the orders stay.
 */
export async function releaseUserReservations(trx: Executor, userId: number): Promise<number> {
  const reserved = await repo.reservationsOfUser(trx, userId);
  for (const r of reserved) await repo.releaseReservation(trx, r.id, r.voucher_id, r.user_id);
  return reserved.length;
}
