import { type Kysely, sql } from 'kysely';
import { engineOf, withId } from '../column.js';

/**
 * Carts (one per customer and shop) with their product lines, prescriptions and product requests.
 * Product lines keep only the code: a product that leaves the catalogue stays in the cart, flagged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  await withId(db.schema.createTable('carts'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('shipping_type', 'text')
    .addColumn('shipping_method', 'text')
    .addColumn('address_id', 'integer')
    .addColumn('payment_type', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('carts_user_shop_unique').on('carts').columns(['user_id', 'shop_id']).unique().execute();

  await db.schema
    .createTable('cart_products')
    .addColumn('cart_id', 'integer', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_products_pk', ['cart_id', 'product_code'])
    .addCheckConstraint('cart_products_quantity_check', sql`quantity between 1 and 10`)
    .execute();

  // order_id has no foreign key here: orders come in a later module, which adds it.
  await withId(db.schema.createTable('prescriptions'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('cart_id', 'integer', (c) => c.references('carts.id').onDelete('set null'))
    .addColumn('order_id', 'integer')
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('nre', 'text')
    .addColumn('fse_consent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('codice_fiscale', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('equivalent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('prescriptions_mode_check', sql`mode in ('fse', 'nre', 'file', 'vetnre', 'vetfile')`)
    .execute();
  await db.schema.createIndex('prescriptions_cart').on('prescriptions').column('cart_id').execute();
  await db.schema.createIndex('prescriptions_user').on('prescriptions').column('user_id').execute();
  await db.schema.createIndex('prescriptions_order').on('prescriptions').column('order_id').execute();

  await withId(db.schema.createTable('product_requests'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('cart_id', 'integer', (c) => c.references('carts.id').onDelete('set null'))
    .addColumn('order_id', 'integer')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('equivalent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('product_requests_type_check', sql`type in ('search', 'galenica')`)
    .execute();
  await db.schema.createIndex('product_requests_cart').on('product_requests').column('cart_id').execute();
  await db.schema.createIndex('product_requests_user').on('product_requests').column('user_id').execute();
  await db.schema.createIndex('product_requests_order').on('product_requests').column('order_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['product_requests', 'prescriptions', 'cart_products', 'carts']) await db.schema.dropTable(t).execute();
}
