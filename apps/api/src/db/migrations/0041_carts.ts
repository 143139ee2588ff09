import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { dropTables, index, keptByShop, optionalRef, ownedByUser, ref, required, requiredTexts, tableWithId, texts, timestamps, uniqueIndex, withDefault } from '../column.js';

/**
 * Carts (one per customer and shop) with their product lines, prescriptions and product requests.
 * Product lines keep only the code: a product that leaves the catalogue stays in the cart, flagged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'carts')
    .$call(ownedByUser)
    .$call(keptByShop)
    .$call(texts('shipping_type', 'shipping_method'))
    .addColumn('address_id', 'integer')
    .addColumn('payment_type', 'text')
    .$call(timestamps)
    .execute();
  await uniqueIndex(db, 'carts_user_shop_unique', 'carts', ['user_id', 'shop_id']);

  await db.schema
    .createTable('cart_products')
    .$call(ref('cart_id', 'carts', 'cascade'))
    .$call(requiredTexts('product_code', 'product_name'))
    .addColumn('quantity', 'integer', required)
    .$call(timestamps)
    .addPrimaryKeyConstraint('cart_products_pk', ['cart_id', 'product_code'])
    .addCheckConstraint('cart_products_quantity_check', sql`quantity between 1 and 10`)
    .execute();

  await cartAttachment(db, 'prescriptions', (table) =>
    table
      .addColumn('mode', 'text', required)
      .addColumn('nre', 'text')
      .addColumn('fse_consent', 'integer', withDefault(0))
      .addColumn('codice_fiscale', 'text', required)
      .addColumn('note', 'text')
      .addCheckConstraint('prescriptions_mode_check', sql`mode in ('fse', 'nre', 'file', 'vetnre', 'vetfile')`),
  );
  await cartAttachment(db, 'product_requests', (table) =>
    table
      .$call(requiredTexts('type', 'note'))
      .addCheckConstraint('product_requests_type_check', sql`type in ('search', 'galenica')`),
  );
}

/**
 * Prescriptions and product requests travel the same way: a customer's, in one shop, attached to
 * a cart and then to its order, with an optional file. Only their own columns (`own`) differ.
 * order_id has no foreign key here: orders come in a later module, which adds it.
 */
async function cartAttachment(db: Kysely<any>, name: string, own: (table: CreateTableBuilder<any, any>) => CreateTableBuilder<any, any>) {
  await tableWithId(db, name)
    .$call(ownedByUser)
    .$call(keptByShop)
    .$call(optionalRef('cart_id', 'carts', 'set null'))
    .addColumn('order_id', 'integer')
    .$call(own)
    .addColumn('equivalent', 'integer', withDefault(0))
    .$call(optionalRef('file_id', 'files', 'set null'))
    .$call(timestamps)
    .execute();
  for (const column of ['cart', 'user', 'order']) await index(db, `${name}_${column}`, name, [`${column}_id`]);
}

export const down = dropTables('product_requests', 'prescriptions', 'cart_products', 'carts');
