import { type Kysely, sql, type Transaction } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';
import type { NewVoucherRow, VoucherRow } from './vouchers.table.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** A shop's voucher by its code (stored uppercase: the caller uppercases what was typed). */
export function findByCode(db: Executor, shopId: number, code: string): Promise<VoucherRow | undefined> {
  return db.selectFrom('vouchers').selectAll().where('shop_id', '=', shopId).where('code', '=', code).executeTakeFirst();
}

/** The voucher reserved on a cart, with its redemption id. */
// Read by every cart call: built and compiled once (decision 0553).
const reservedOnCart = preparedQuery((db, v: { cartId: number }) =>
  db
    .selectFrom('voucher_redemptions as r')
    .innerJoin('vouchers as v', 'v.id', 'r.voucher_id')
    .selectAll('v')
    .select(['r.id as redemption_id', 'r.user_id as redemption_user_id'])
    .where('r.cart_id', '=', v.cartId)
    // Written into the SQL, not a parameter: only then may SQLite and PostgreSQL's generic plan use the partial
    // index `voucher_redemptions_one_per_cart` (where status = 'reserved'); with `?` SQLite scanned every
    // voucher and its redemptions (issue 22: 110 against 11 µs with none on the bench data, and it grows with them).
    .where('r.status', '=', sql.lit('reserved')),
);

export async function findReservedOnCart(db: Executor, cartId: number) {
  return (await reservedOnCart(db, { cartId }))[0];
}

/**
 * Takes one use of the voucher for the customer when they are under the per-customer limit:
 * an upsert whose update only happens below the limit, so concurrent attempts of one account
 * cannot pass it together. Answers whether the use was taken.
 */
export async function takeCustomerUse(db: Executor, voucherId: number, userId: number, limit: number | null): Promise<boolean> {
  const result = await db
    .insertInto('voucher_customer_uses')
    .values({ voucher_id: voucherId, user_id: userId, uses: 1 })
    .onConflict((oc) => {
      const update = oc.columns(['voucher_id', 'user_id']).doUpdateSet({ uses: sql<number>`voucher_customer_uses.uses + 1` });
      return limit === null ? update : update.where('voucher_customer_uses.uses', '<', limit);
    })
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Takes one use of the voucher's total when it is under `total_limit`: a conditional update, so
 * of many concurrent attempts at the last use exactly one succeeds (row lock on PostgreSQL, the
 * single writer on SQLite). Answers whether the use was taken.
 */
export async function takeTotalUse(db: Executor, voucherId: number): Promise<boolean> {
  const result = await db
    .updateTable('vouchers')
    .set({ uses: sql<number>`uses + 1` })
    .where('id', '=', voucherId)
    .where((eb) => eb.or([eb('total_limit', 'is', null), eb('uses', '<', eb.ref('total_limit'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertReservation(db: Executor, voucherId: number, userId: number, cartId: number, at: string): Promise<void> {
  await db
    .insertInto('voucher_redemptions')
    .values({ voucher_id: voucherId, user_id: userId, cart_id: cartId, order_id: null, status: 'reserved', created_at: at, updated_at: at })
    .execute();
}

/** Gives back the uses a reservation took and deletes it. */
export async function releaseReservation(db: Executor, redemptionId: number, voucherId: number, userId: number): Promise<void> {
  await db.deleteFrom('voucher_redemptions').where('id', '=', redemptionId).execute();
  await giveUseBack(db, voucherId, userId);
}

/** One use back to the voucher's total and to the customer's count. */
async function giveUseBack(db: Executor, voucherId: number, userId: number): Promise<void> {
  await db
    .updateTable('vouchers')
    .set({ uses: sql<number>`uses - 1` })
    .where('id', '=', voucherId)
    .where('uses', '>', 0)
    .execute();
  await db
    .updateTable('voucher_customer_uses')
    .set({ uses: sql<number>`uses - 1` })
    .where('voucher_id', '=', voucherId)
    .where('user_id', '=', userId)
    .where('uses', '>', 0)
    .execute();
}

/** Turns the cart's reservation into a redemption of the order (the checkout calls this). */
export async function redeemReservation(db: Executor, cartId: number, orderId: number, at: string): Promise<number | undefined> {
  const row = await db
    .updateTable('voucher_redemptions')
    .set({ status: 'redeemed', order_id: orderId, cart_id: null, updated_at: at })
    .where('cart_id', '=', cartId)
    .where('status', '=', 'reserved')
    .returning('voucher_id')
    .executeTakeFirst();
  return row?.voucher_id;
}

export function insertVoucher(db: Executor, row: NewVoucherRow): Promise<VoucherRow> {
  return db.insertInto('vouchers').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findVoucherById(db: Executor, id: number): Promise<VoucherRow | undefined> {
  return db.selectFrom('vouchers').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Gives back the uses an order's redemption took, exactly once: the redemption is deleted and the
 * counters go down only when this call deleted it (a second cancel, a replay, finds nothing).
 */
export async function releaseOrderRedemption(db: Executor, orderId: number): Promise<number | undefined> {
  const gone = await db
    .deleteFrom('voucher_redemptions')
    .where('order_id', '=', orderId)
    .where('status', '=', 'redeemed')
    .returning(['voucher_id', 'user_id'])
    .executeTakeFirst();
  if (!gone) return undefined;
  await giveUseBack(db, gone.voucher_id, gone.user_id);
  return gone.voucher_id;
}

/** The account's vouchers sitting in its carts (reserved, not yet an order's). */
export function reservationsOfUser(db: Executor, userId: number) {
  return db
    .selectFrom('voucher_redemptions')
    .select(['id', 'voucher_id', 'user_id'])
    .where('user_id', '=', userId)
    .where('status', '=', 'reserved')
    .execute();
}
