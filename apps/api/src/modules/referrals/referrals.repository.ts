import type { Executor } from '../../db/database.js';
import { findRow } from '../../db/row-queries.js';

export async function findReferralCode(db: Executor, userId: number): Promise<string | undefined> {
  return (await findRow(db, 'users', { id: userId, deleted_at: null }))?.referral_code;
}

/** The referrer of a user, when they were invited and the referrer's account still exists. */
export async function findReferrerOf(db: Executor, userId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('users as r', 'r.id', 'u.referred_by_user_id')
    .select('r.id')
    .where('u.id', '=', userId)
    .where('r.deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.id;
}

/** How many referral rewards the card received since `since` (ISO instant). */
export async function countReferralRewardsSince(db: Executor, userId: number, shopId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('loyalty_movements as m')
    .innerJoin('loyalty_cards as c', 'c.id', 'm.card_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('c.user_id', '=', userId)
    .where('c.shop_id', '=', shopId)
    .where('m.reason', '=', 'referral')
    .where('m.created_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
