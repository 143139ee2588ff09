import type { Kysely } from 'kysely';
import { index, ref, required } from '../column.js';

/**
 * Blocking a loyalty card (issue 19, decision 0531): when and why a pharmacist blocked it (null =
 * active). Numbers a card had before a re-issue are kept as blocked numbers: never drawn again
 * for any card, and a pharmacist searching one finds the card it belonged to.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('loyalty_cards').addColumn('blocked_at', 'text').execute();
  await db.schema.alterTable('loyalty_cards').addColumn('blocked_reason', 'text').execute();
  await db.schema
    .createTable('loyalty_retired_numbers')
    .addColumn('card_number', 'text', (c) => c.primaryKey())
    .$call(ref('card_id', 'loyalty_cards', 'cascade'))
    .addColumn('retired_at', 'text', required)
    .execute();
  await index(db, 'loyalty_retired_numbers_card', 'loyalty_retired_numbers', ['card_id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('loyalty_retired_numbers').execute();
  await db.schema.alterTable('loyalty_cards').dropColumn('blocked_reason').execute();
  await db.schema.alterTable('loyalty_cards').dropColumn('blocked_at').execute();
}
