import { type Kysely, sql } from 'kysely';
import { actor, createdAt, dropTables, index, integersFrom, keptByShop, ref, required, requiredIntegers, requiredTexts, tableWithId, texts, timestamps, withDefault } from '../column.js';

/**
 * Orders: what the checkout froze (lines, delivery, payment type, voucher and totals in cents),
 * the pharmacist's final lines, delivery date and notes, and every status change with who made it
 * (order_events). Prescriptions and product requests point at their order from their own tables.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'orders')
    .$call(keptByShop)
    .$call(ref('user_id', 'users'))
    .addColumn('status', 'text', required)
    .addColumn('note', 'text')
    // The checkout's delivery type (inShop, vendingMachine, pickupPoint, address) and the
    // order's shipping type derived from it (inShop or address, spec §4).
    .$call(requiredTexts('delivery_type', 'shipping_type'))
    .$call(requiredTexts('shipping_method_type', 'shipping_method_label'))
    // The method's price and free-above threshold as configured at checkout, to re-price the
    // delivery when the pharmacist changes the lines; shipping_cents is what applies now.
    .addColumn('shipping_price_cents', 'integer', required)
    .addColumn('shipping_free_above_cents', 'integer')
    .addColumn('shipping_cents', 'integer', required)
    // The delivery address or pickup point as it was (JSON): later edits never rewrite history.
    .addColumn('address_json', 'text')
    .addColumn('payment_type', 'text', required)
    .addColumn('payment_valid', 'integer', withDefault(0))
    .addColumn('paid_at', 'text')
    .$call(requiredIntegers('subtotal_cents', 'total_cents'))
    .addColumn('discount_cents', 'integer', withDefault(0))
    .addColumn('total_quantity', 'integer', required)
    // The voucher as applied at checkout (JSON), and the rules to re-price it at finalization.
    .$call(texts('voucher_json', 'voucher_terms_json'))
    .addColumn('requires_pharmacy_settlement', 'integer', withDefault(0))
    .$call(texts('delivery_date', 'info'))
    .$call(timestamps)
    .addCheckConstraint(
      'orders_status_check',
      sql`status in ('created', 'managing', 'finalizing', 'confirmed', 'processing', 'shipped', 'completed', 'cancelled')`,
    )
    .addCheckConstraint('orders_shipping_type_check', sql`shipping_type in ('inShop', 'address')`)
    .addCheckConstraint('orders_amounts_check', sql`subtotal_cents >= 0 and total_cents >= 0 and discount_cents >= 0`)
    .execute();
  await index(db, 'orders_user_updated', 'orders', ['user_id', 'updated_at']);
  await index(db, 'orders_shop_status', 'orders', ['shop_id', 'status', 'updated_at']);

  await tableWithId(db, 'order_products')
    .$call(ref('order_id', 'orders', 'cascade'))
    .addColumn('position', 'integer', required)
    .$call(requiredTexts('code', 'name'))
    // What the customer asked for at checkout, kept when the pharmacist changes the line.
    .$call(requiredIntegers('requested_quantity', 'requested_unit_cents'))
    .$call(requiredIntegers('quantity', 'unit_cents', 'total_cents'))
    .$call(integersFrom(0, 'promo', 'prescription_only', 'unavailable', 'added_by_pharmacist'))
    .execute();
  await index(db, 'order_products_order', 'order_products', ['order_id', 'position']);

  await tableWithId(db, 'order_events')
    .$call(ref('order_id', 'orders', 'cascade'))
    // Null for the payment provider's verified notification (actor_role 'payment').
    .$call(actor())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', required)
    .addColumn('note', 'text')
    .$call(createdAt)
    .execute();
  await index(db, 'order_events_order', 'order_events', ['order_id', 'id']);
}

export const down = dropTables('order_events', 'order_products', 'orders');
