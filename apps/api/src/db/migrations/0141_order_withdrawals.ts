import type { Kysely } from 'kysely';
import { createdAt, dropTables, keptByShop, ownedByUser, ref, requiredTexts, tableWithId, uniqueIndex } from '../column.js';

/**
 * The customer's withdrawals from their orders (art. 11a Directive 2011/83/EU, decision 0698):
 * what they submitted — name, the email for the acknowledgement, the lines (JSON, as they were in
 * the order) — and when (`created_at`, the submission time the acknowledgement states). One per
 * order (unique `order_id`): a double tap, or two tabs, record one withdrawal; the form's
 * `request_id` tells the repeat of the same submission from a second one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'order_withdrawals')
    .$call(ref('order_id', 'orders', 'cascade'))
    .$call(keptByShop)
    .$call(ownedByUser)
    .$call(requiredTexts('name', 'email', 'lines_json'))
    .addColumn('request_id', 'text')
    .$call(createdAt)
    .execute();
  await uniqueIndex(db, 'order_withdrawals_order_unique', 'order_withdrawals', ['order_id']);
}

export const down = dropTables('order_withdrawals');
