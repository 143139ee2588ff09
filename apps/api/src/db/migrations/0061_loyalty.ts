import { type Kysely, sql } from 'kysely';
import { createdAt, dropTables, index, ownedByShop, ownedByUser, ref, required, requiredTexts, tableWithId, timestamps, uniqueIndex, withDefault } from '../column.js';

/**
 * Loyalty cards (one per customer and shop) and the movements of their points. A movement's
 * (reason, reference) is unique, so an order or a referral can never be rewarded twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'loyalty_cards')
    .$call(ownedByShop)
    .$call(ownedByUser)
    /** EAN-13 in the restricted-circulation range (prefix 2), printed as the barcode. */
    .addColumn('card_number', 'text', required)
    .addColumn('score', 'integer', withDefault(0))
    /** Last day (YYYY-MM-DD, shop time) of the current points collection. */
    .addColumn('reset_date', 'text', required)
    .$call(timestamps)
    .addCheckConstraint('loyalty_cards_score_check', sql`score >= 0`)
    .execute();
  await uniqueIndex(db, 'loyalty_cards_number_unique', 'loyalty_cards', ['card_number']);
  await uniqueIndex(db, 'loyalty_cards_user_shop_unique', 'loyalty_cards', ['user_id', 'shop_id']);

  await tableWithId(db, 'loyalty_movements')
    .$call(ref('card_id', 'loyalty_cards', 'cascade'))
    .addColumn('points', 'integer', required)
    .$call(requiredTexts('reason', 'reference'))
    .$call(createdAt)
    .addCheckConstraint('loyalty_movements_reason_check', sql`reason in ('order', 'referral', 'welcome', 'reset', 'adjustment')`)
    .execute();
  await uniqueIndex(db, 'loyalty_movements_reason_reference_unique', 'loyalty_movements', ['reason', 'reference']);
  await index(db, 'loyalty_movements_card', 'loyalty_movements', ['card_id']);
}

export const down = dropTables('loyalty_movements', 'loyalty_cards');
