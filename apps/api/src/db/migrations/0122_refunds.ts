import { type Kysely, sql } from 'kysely';
import { engineOf, withId } from '../column.js';

/**
 * Refunds of orders paid online (issue 19, decision 0515): one row per refund, written before the
 * provider is asked (status `requested`, with the idempotency key the provider receives), so a
 * crash between asking and recording leaves a row the reconciler finishes. At most one refund in
 * flight per order (partial unique index); a client's request id makes a double submit one refund.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('refunds'), engineOf(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // The key of the current attempt (Nexi Idempotency-Key, PayPal-Request-Id, Axerve refund reference).
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    // The back office's id of the form submission: the same submission twice is one refund.
    .addColumn('request_id', 'text')
    // The provider's id of the refund (Nexi operationId, PayPal refund id, Axerve refund id).
    .addColumn('provider_ref', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .addCheckConstraint('refunds_status_check', sql`status in ('requested', 'pending', 'approved', 'refused')`)
    .addCheckConstraint('refunds_amount_check', sql`amount_cents > 0`)
    .execute();
  await db.schema.createIndex('refunds_order').on('refunds').column('order_id').execute();
  await db.schema.createIndex('refunds_idempotency_key_unique').on('refunds').column('idempotency_key').unique().execute();
  await db.schema.createIndex('refunds_request_unique').on('refunds').columns(['order_id', 'request_id']).unique().execute();
  await db.schema
    .createIndex('refunds_one_in_flight')
    .on('refunds')
    .column('order_id')
    .unique()
    .where(sql.ref('status'), 'in', sql`('requested', 'pending')`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('refunds').execute();
}
