import type { Kysely } from 'kysely';
import { createdAt, dropTables, index, keptByShop, money, optionalRef, ref, required, requiredTexts, tableWithId, texts, timestamps, uniqueIndex } from '../column.js';

/**
 * Online payments: one row per attempt at a provider (its own transaction code, the provider's
 * id, the amount asked, the outcome), and a log of everything providers and browsers told us
 * about payments — accepted, replayed, refused as forged — for audit and support.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'payments')
    .$call(ref('order_id', 'orders', 'cascade'))
    .$call(keptByShop)
    .$call(requiredTexts('provider', 'payment_type'))
    // Our transaction code sent to the provider (Nexi codTrans, Axerve shopTransactionID, PayPal custom_id).
    .addColumn('reference', 'text', required)
    // The provider's id of the payment (Nexi codTrans, Axerve paymentID, PayPal order id).
    .addColumn('provider_ref', 'text')
    .addColumn('token', 'text')
    .$call(money)
    .addColumn('status', 'text', required)
    .addColumn('authorization_code', 'text')
    .$call(timestamps)
    .addColumn('settled_at', 'text')
    .execute();
  await uniqueIndex(db, 'payments_reference_unique', 'payments', ['reference']);
  await uniqueIndex(db, 'payments_provider_ref_unique', 'payments', ['provider', 'provider_ref']);
  await index(db, 'payments_order', 'payments', ['order_id']);

  await tableWithId(db, 'payment_events')
    .addColumn('provider', 'text', required)
    .addColumn('provider_ref', 'text')
    .$call(optionalRef('payment_id', 'payments', 'set null'))
    .$call(optionalRef('order_id', 'orders', 'set null'))
    // notification | webhook | return | reconcile | create
    .addColumn('source', 'text', required)
    // accepted | replayed | refused | ignored | error
    .addColumn('outcome', 'text', required)
    .$call(texts('reason', 'payload', 'remote_ip'))
    .$call(createdAt)
    .execute();
  await index(db, 'payment_events_payment', 'payment_events', ['payment_id']);
  await index(db, 'payment_events_created', 'payment_events', ['created_at']);
}

export const down = dropTables('payment_events', 'payments');
