import type { Kysely } from 'kysely';
import { engineOf, withId } from '../column.js';

/**
 * Online payments: one row per attempt at a provider (its own transaction code, the provider's
 * id, the amount asked, the outcome), and a log of everything providers and browsers told us
 * about payments — accepted, replayed, refused as forged — for audit and support.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);

  await withId(db.schema.createTable('payments'), engine)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('payment_type', 'text', (c) => c.notNull())
    // Our transaction code sent to the provider (Nexi codTrans, Axerve shopTransactionID, PayPal custom_id).
    .addColumn('reference', 'text', (c) => c.notNull())
    // The provider's id of the payment (Nexi codTrans, Axerve paymentID, PayPal order id).
    .addColumn('provider_ref', 'text')
    .addColumn('token', 'text')
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('authorization_code', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .execute();
  await db.schema.createIndex('payments_reference_unique').on('payments').column('reference').unique().execute();
  await db.schema
    .createIndex('payments_provider_ref_unique')
    .on('payments')
    .columns(['provider', 'provider_ref'])
    .unique()
    .execute();
  await db.schema.createIndex('payments_order').on('payments').column('order_id').execute();

  await withId(db.schema.createTable('payment_events'), engine)
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('payment_id', 'integer', (c) => c.references('payments.id').onDelete('set null'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    // notification | webhook | return | reconcile | create
    .addColumn('source', 'text', (c) => c.notNull())
    // accepted | replayed | refused | ignored | error
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('payload', 'text')
    .addColumn('remote_ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_events_payment').on('payment_events').column('payment_id').execute();
  await db.schema.createIndex('payment_events_created').on('payment_events').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['payment_events', 'payments']) await db.schema.dropTable(t).execute();
}
