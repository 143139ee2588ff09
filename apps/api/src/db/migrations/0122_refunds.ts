import { type Kysely, sql } from 'kysely';
import { actor, dropTables, index, keptByShop, money, ref, required, requiredTexts, tableWithId, timestamps, uniqueIndex, uniqueIndexWhere } from '../column.js';

/**
 * Refunds of orders paid online (issue 19, decision 0515): one row per refund, written before the
 * provider is asked (status `requested`, with the idempotency key the provider receives), so a
 * crash between asking and recording leaves a row the reconciler finishes. At most one refund in
 * flight per order (partial unique index); a client's request id makes a double submit one refund.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'refunds')
    .$call(ref('order_id', 'orders', 'cascade'))
    .$call(keptByShop)
    .$call(ref('payment_id', 'payments'))
    .addColumn('provider', 'text', required)
    .$call(money)
    .$call(requiredTexts('reason', 'status'))
    // The key of the current attempt (Nexi Idempotency-Key, PayPal-Request-Id, Axerve refund reference).
    .addColumn('idempotency_key', 'text', required)
    // The back office's id of the form submission: the same submission twice is one refund.
    .addColumn('request_id', 'text')
    // The provider's id of the refund (Nexi operationId, PayPal refund id, Axerve refund id).
    .addColumn('provider_ref', 'text')
    .addColumn('attempts', 'integer', required)
    .addColumn('error', 'text')
    .$call(actor('set null'))
    .$call(timestamps)
    .addColumn('settled_at', 'text')
    .addCheckConstraint('refunds_status_check', sql`status in ('requested', 'pending', 'approved', 'refused')`)
    .addCheckConstraint('refunds_amount_check', sql`amount_cents > 0`)
    .execute();
  await index(db, 'refunds_order', 'refunds', ['order_id']);
  await uniqueIndex(db, 'refunds_idempotency_key_unique', 'refunds', ['idempotency_key']);
  await uniqueIndex(db, 'refunds_request_unique', 'refunds', ['order_id', 'request_id']);
  await uniqueIndexWhere(db, 'refunds_one_in_flight', 'refunds', ['order_id'], ['status', 'in', sql`('requested', 'pending')`]);
}

export const down = dropTables('refunds');
