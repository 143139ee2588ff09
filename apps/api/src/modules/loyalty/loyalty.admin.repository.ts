import type { Db, Executor } from '../../db/database.js';

const cardColumns = [
  'c.id',
  'c.card_number',
  'c.score',
  'c.reset_date',
  'c.updated_at',
  'c.blocked_at',
  'c.blocked_reason',
  'u.id as user_id',
  'u.name as user_name',
  'u.email as user_email',
] as const;

/** The shop's cards, most recently moved first; `q` matches the card number, the customer's name or email. */
export function listCards(db: Db, shopId: number, q?: string) {
  let query = db.selectFrom('loyalty_cards as c').innerJoin('users as u', 'u.id', 'c.user_id').select(cardColumns).where('c.shop_id', '=', shopId);
  if (q) {
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('c.card_number', 'like', like),
        eb(eb.fn('lower', ['u.name']), 'like', like),
        eb(eb.fn('lower', ['u.email']), 'like', like),
        // A number retired by a re-issue finds the card it belonged to (decision 0531).
        eb.exists(eb.selectFrom('loyalty_retired_numbers as r').select('r.card_id').whereRef('r.card_id', '=', 'c.id').where('r.card_number', 'like', like)),
      ]),
    );
  }
  return query.orderBy('c.updated_at', 'desc').orderBy('c.id', 'desc').limit(200).execute();
}

export function findCard(db: Executor, shopId: number, id: number) {
  return db
    .selectFrom('loyalty_cards as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(cardColumns)
    .where('c.shop_id', '=', shopId)
    .where('c.id', '=', id)
    .executeTakeFirst();
}

export async function cardExists(db: Db, shopId: number, id: number): Promise<boolean> {
  return (await db.selectFrom('loyalty_cards').select('id').where('shop_id', '=', shopId).where('id', '=', id).executeTakeFirst()) !== undefined;
}

export function listMovements(db: Db, cardId: number) {
  return db
    .selectFrom('loyalty_movements')
    .select(['id', 'points', 'reason', 'note', 'created_at'])
    .where('card_id', '=', cardId)
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
}

/**
 * Moves the score by `points` unless it would go below zero: one conditional update, so two
 * adjustments at once cannot overdraw the card. Answers whether it moved.
 */
export async function moveScore(db: Executor, cardId: number, points: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('loyalty_cards')
    .set((eb) => ({ score: eb('score', '+', points), updated_at: at }))
    .where('id', '=', cardId)
    .where((eb) => eb(eb('score', '+', points), '>=', 0))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertMovement(
  db: Executor,
  row: { card_id: number; points: number; reason: 'adjustment'; reference: string; note: string; created_at: string },
): Promise<void> {
  await db.insertInto('loyalty_movements').values(row).execute();
}

/** A re-issue: the new number, the card active again, the old number kept as retired (decision 0531). */
export async function replaceCardNumber(db: Executor, cardId: number, oldNumber: string, cardNumber: string, at: string): Promise<void> {
  await db.insertInto('loyalty_retired_numbers').values({ card_number: oldNumber, card_id: cardId, retired_at: at }).execute();
  await db
    .updateTable('loyalty_cards')
    .set({ card_number: cardNumber, blocked_at: null, blocked_reason: null, updated_at: at })
    .where('id', '=', cardId)
    .execute();
}

/** Blocks (`blockedAt` set) or unblocks (null) a card. */
export async function setBlocked(db: Executor, cardId: number, blockedAt: string | null, reason: string | null, at: string): Promise<void> {
  await db.updateTable('loyalty_cards').set({ blocked_at: blockedAt, blocked_reason: reason, updated_at: at }).where('id', '=', cardId).execute();
}

export function listRetiredNumbers(db: Db, cardId: number) {
  return db
    .selectFrom('loyalty_retired_numbers')
    .select(['card_number', 'retired_at'])
    .where('card_id', '=', cardId)
    .orderBy('retired_at', 'desc')
    .execute();
}
