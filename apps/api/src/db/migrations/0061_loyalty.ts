import { type Kysely, sql } from 'kysely';
import { engineOf, withId } from '../column.js';

/**
 * Loyalty cards (one per customer and shop) and the movements of their points. A movement's
 * (reason, reference) is unique, so an order or a referral can never be rewarded twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  await withId(db.schema.createTable('loyalty_cards'), engine)
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** EAN-13 in the restricted-circulation range (prefix 2), printed as the barcode. */
    .addColumn('card_number', 'text', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
    /** Last day (YYYY-MM-DD, shop time) of the current points collection. */
    .addColumn('reset_date', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('loyalty_cards_score_check', sql`score >= 0`)
    .execute();
  await db.schema.createIndex('loyalty_cards_number_unique').on('loyalty_cards').column('card_number').unique().execute();
  await db.schema
    .createIndex('loyalty_cards_user_shop_unique')
    .on('loyalty_cards')
    .columns(['user_id', 'shop_id'])
    .unique()
    .execute();

  await withId(db.schema.createTable('loyalty_movements'), engine)
    .addColumn('card_id', 'integer', (c) => c.notNull().references('loyalty_cards.id').onDelete('cascade'))
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('loyalty_movements_reason_check', sql`reason in ('order', 'referral', 'welcome', 'reset', 'adjustment')`)
    .execute();
  await db.schema
    .createIndex('loyalty_movements_reason_reference_unique')
    .on('loyalty_movements')
    .columns(['reason', 'reference'])
    .unique()
    .execute();
  await db.schema.createIndex('loyalty_movements_card').on('loyalty_movements').column('card_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('loyalty_movements').execute();
  await db.schema.dropTable('loyalty_cards').execute();
}
