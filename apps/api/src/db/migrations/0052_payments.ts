import type { Kysely } from 'kysely';
import { dropTables, engineOf, index, optionalRef, ref, required, timestamps, uniqueIndex, withId } from '../column.js';

/**
 * Online payments: one row per attempt at a provider (its own transaction code, the provider's
 * id, the amount asked, the outcome), and a log of everything providers and browsers told us
 * about payments — accepted, replayed, refused as forged — for audit and support.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);

  await withId(db.schema.createTable('payments'), engine)
    .$call(ref('order_id', 'orders', 'cascade'))
    .$call(ref('shop_id', 'shops'))
    .addColumn('provider', 'text', required)
    .addColumn('payment_type', 'text', required)
    // Our transaction code sent to the provider (Nexi codTrans, Axerve shopTransactionID, PayPal custom_id).
    .addColumn('reference', 'text', required)
    // The provider's id of the payment (Nexi codTrans, Axerve paymentID, PayPal order id).
    .addColumn('provider_ref', 'text')
    .addColumn('token', 'text')
    .addColumn('amount_cents', 'integer', required)
    .addColumn('currency', 'text', required)
    .addColumn('status', 'text', required)
    .addColumn('authorization_code', 'text')
    .$call(timestamps)
    .addColumn('settled_at', 'text')
    .execute();
  await uniqueIndex(db, 'payments_reference_unique', 'payments', ['reference']);
  await uniqueIndex(db, 'payments_provider_ref_unique', 'payments', ['provider', 'provider_ref']);
  await index(db, 'payments_order', 'payments', ['order_id']);

  await withId(db.schema.createTable('payment_events'), engine)
    .addColumn('provider', 'text', required)
    .addColumn('provider_ref', 'text')
    .$call(optionalRef('payment_id', 'payments', 'set null'))
    .$call(optionalRef('order_id', 'orders', 'set null'))
    // notification | webhook | return | reconcile | create
    .addColumn('source', 'text', required)
    // accepted | replayed | refused | ignored | error
    .addColumn('outcome', 'text', required)
    .addColumn('reason', 'text')
    .addColumn('payload', 'text')
    .addColumn('remote_ip', 'text')
    .addColumn('created_at', 'text', required)
    .execute();
  await index(db, 'payment_events_payment', 'payment_events', ['payment_id']);
  await index(db, 'payment_events_created', 'payment_events', ['created_at']);
}

export const down = dropTables('payment_events', 'payments');
