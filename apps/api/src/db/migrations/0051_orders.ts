import { type Kysely, sql } from 'kysely';
import { engineOf, withId } from '../column.js';

/**
 * Orders: what the checkout froze (lines, delivery, payment type, voucher and totals in cents),
 * the pharmacist's final lines, delivery date and notes, and every status change with who made it
 * (order_events). Prescriptions and product requests point at their order from their own tables.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);

  await withId(db.schema.createTable('orders'), engine)
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    // The checkout's delivery type (inShop, vendingMachine, pickupPoint, address) and the
    // order's shipping type derived from it (inShop or address, spec §4).
    .addColumn('delivery_type', 'text', (c) => c.notNull())
    .addColumn('shipping_type', 'text', (c) => c.notNull())
    .addColumn('shipping_method_type', 'text', (c) => c.notNull())
    .addColumn('shipping_method_label', 'text', (c) => c.notNull())
    // The method's price and free-above threshold as configured at checkout, to re-price the
    // delivery when the pharmacist changes the lines; shipping_cents is what applies now.
    .addColumn('shipping_price_cents', 'integer', (c) => c.notNull())
    .addColumn('shipping_free_above_cents', 'integer')
    .addColumn('shipping_cents', 'integer', (c) => c.notNull())
    // The delivery address or pickup point as it was (JSON): later edits never rewrite history.
    .addColumn('address_json', 'text')
    .addColumn('payment_type', 'text', (c) => c.notNull())
    .addColumn('payment_valid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_at', 'text')
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_quantity', 'integer', (c) => c.notNull())
    // The voucher as applied at checkout (JSON), and the rules to re-price it at finalization.
    .addColumn('voucher_json', 'text')
    .addColumn('voucher_terms_json', 'text')
    .addColumn('requires_pharmacy_settlement', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivery_date', 'text')
    .addColumn('info', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'orders_status_check',
      sql`status in ('created', 'managing', 'finalizing', 'confirmed', 'processing', 'shipped', 'completed', 'cancelled')`,
    )
    .addCheckConstraint('orders_shipping_type_check', sql`shipping_type in ('inShop', 'address')`)
    .addCheckConstraint('orders_amounts_check', sql`subtotal_cents >= 0 and total_cents >= 0 and discount_cents >= 0`)
    .execute();
  await db.schema.createIndex('orders_user_updated').on('orders').columns(['user_id', 'updated_at']).execute();
  await db.schema.createIndex('orders_shop_status').on('orders').columns(['shop_id', 'status', 'updated_at']).execute();

  await withId(db.schema.createTable('order_products'), engine)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // What the customer asked for at checkout, kept when the pharmacist changes the line.
    .addColumn('requested_quantity', 'integer', (c) => c.notNull())
    .addColumn('requested_unit_cents', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('promo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('prescription_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unavailable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('added_by_pharmacist', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('order_products_order').on('order_products').columns(['order_id', 'position']).execute();

  await withId(db.schema.createTable('order_events'), engine)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // Null for the payment provider's verified notification (actor_role 'payment').
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('actor_role', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_events_order').on('order_events').columns(['order_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['order_events', 'order_products', 'orders']) await db.schema.dropTable(t).execute();
}
