import { type Kysely, sql } from 'kysely';
import { actor, createdAt, dropTables, index, keptByShop, ref, required, tableWithId, timestamps, withDefault } from '../column.js';

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
    .addColumn('delivery_type', 'text', required)
    .addColumn('shipping_type', 'text', required)
    .addColumn('shipping_method_type', 'text', required)
    .addColumn('shipping_method_label', 'text', required)
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
    .addColumn('subtotal_cents', 'integer', required)
    .addColumn('total_cents', 'integer', required)
    .addColumn('discount_cents', 'integer', withDefault(0))
    .addColumn('total_quantity', 'integer', required)
    // The voucher as applied at checkout (JSON), and the rules to re-price it at finalization.
    .addColumn('voucher_json', 'text')
    .addColumn('voucher_terms_json', 'text')
    .addColumn('requires_pharmacy_settlement', 'integer', withDefault(0))
    .addColumn('delivery_date', 'text')
    .addColumn('info', 'text')
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
    .addColumn('code', 'text', required)
    .addColumn('name', 'text', required)
    // What the customer asked for at checkout, kept when the pharmacist changes the line.
    .addColumn('requested_quantity', 'integer', required)
    .addColumn('requested_unit_cents', 'integer', required)
    .addColumn('quantity', 'integer', required)
    .addColumn('unit_cents', 'integer', required)
    .addColumn('total_cents', 'integer', required)
    .addColumn('promo', 'integer', withDefault(0))
    .addColumn('prescription_only', 'integer', withDefault(0))
    .addColumn('unavailable', 'integer', withDefault(0))
    .addColumn('added_by_pharmacist', 'integer', withDefault(0))
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
