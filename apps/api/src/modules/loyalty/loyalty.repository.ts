import type { Executor } from '../../db/database.js';
import { findRow } from '../../db/row-queries.js';
import type { LoyaltyCardRow, LoyaltyMovementReason } from './loyalty.table.js';

export function findCardOfUser(db: Executor, userId: number, shopId: number): Promise<LoyaltyCardRow | undefined> {
  return findRow(db, 'loyalty_cards', { user_id: userId, shop_id: shopId });
}

/** A card by its number, only when it belongs to the user. */
export function findOwnCardByNumber(db: Executor, userId: number, cardNumber: string): Promise<LoyaltyCardRow | undefined> {
  return findRow(db, 'loyalty_cards', { user_id: userId, card_number: cardNumber });
}

export function listCardsOfUser(db: Executor, userId: number): Promise<LoyaltyCardRow[]> {
  return db.selectFrom('loyalty_cards').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/** A number in use, or retired by a re-issue (never drawn again, decision 0531). */
export async function cardNumberTaken(db: Executor, cardNumber: string): Promise<boolean> {
  const row = await db.selectFrom('loyalty_cards').select('id').where('card_number', '=', cardNumber).executeTakeFirst();
  if (row !== undefined) return true;
  const retired = await db.selectFrom('loyalty_retired_numbers').select('card_id').where('card_number', '=', cardNumber).executeTakeFirst();
  return retired !== undefined;
}

/** Inserts the card unless the user already has one in the shop (then nothing happens). */
export async function insertCardIfMissing(
  db: Executor,
  row: { shop_id: number; user_id: number; card_number: string; reset_date: string; at: string },
): Promise<void> {
  await db
    .insertInto('loyalty_cards')
    .values({
      shop_id: row.shop_id,
      user_id: row.user_id,
      card_number: row.card_number,
      score: 0,
      reset_date: row.reset_date,
      created_at: row.at,
      updated_at: row.at,
    })
    .onConflict((oc) => oc.columns(['user_id', 'shop_id']).doNothing())
    .execute();
}

/** Records a movement once per (reason, reference); false when it was already recorded. */
export async function insertMovementOnce(
  db: Executor,
  row: { card_id: number; points: number; reason: LoyaltyMovementReason; reference: string; at: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('loyalty_movements')
    .values({ card_id: row.card_id, points: row.points, reason: row.reason, reference: row.reference, created_at: row.at })
    .onConflict((oc) => oc.columns(['reason', 'reference']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function addToScore(db: Executor, cardId: number, points: number, at: string): Promise<void> {
  await db
    .updateTable('loyalty_cards')
    .set((eb) => ({ score: eb('score', '+', points), updated_at: at }))
    .where('id', '=', cardId)
    .execute();
}

export async function resetCard(db: Executor, cardId: number, resetDate: string, at: string): Promise<void> {
  await db.updateTable('loyalty_cards').set({ score: 0, reset_date: resetDate, updated_at: at }).where('id', '=', cardId).execute();
}

export function findCardById(db: Executor, cardId: number): Promise<LoyaltyCardRow | undefined> {
  return db.selectFrom('loyalty_cards').selectAll().where('id', '=', cardId).executeTakeFirst();
}

export function listMovements(db: Executor, cardId: number) {
  return db.selectFrom('loyalty_movements').selectAll().where('card_id', '=', cardId).orderBy('id').execute();
}

/** A shop setting that is not a public option (loyalty rates are the shop's business). */
export async function findShopSetting(db: Executor, shopId: number, key: string): Promise<string | undefined> {
  return (await findRow(db, 'options', { shop_id: shopId, key }))?.value;
}
