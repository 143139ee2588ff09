import { type Kysely, sql } from 'kysely';
import { engineOf, withId } from '../column.js';

/**
 * Vouchers (discount codes) and their uses. The limits hold under concurrency through conditional
 * updates of the counters (`uses < total_limit`) inside the applying transaction, and the one
 * reserved use per cart through a partial unique index: plain SQL both engines run the same way.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  await withId(db.schema.createTable('vouchers'), engine)
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('total_limit', 'integer')
    .addColumn('per_customer_limit', 'integer')
    .addColumn('minimum_cart_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('include_promo_product', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('vouchers_kind_check', sql`kind in ('percent', 'fixed', 'free_shipping')`)
    .addCheckConstraint(
      'vouchers_value_check',
      sql`(kind = 'percent' and value between 1 and 100) or (kind = 'fixed' and value > 0) or (kind = 'free_shipping' and value = 0)`,
    )
    .addCheckConstraint('vouchers_uses_check', sql`uses >= 0 and (total_limit is null or uses <= total_limit)`)
    .addCheckConstraint('vouchers_code_upper_check', sql`code = upper(code)`)
    .execute();
  await db.schema.createIndex('vouchers_shop_code_unique').on('vouchers').columns(['shop_id', 'code']).unique().execute();

  await db.schema
    .createTable('voucher_customer_uses')
    .addColumn('voucher_id', 'integer', (c) => c.notNull().references('vouchers.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('uses', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('voucher_customer_uses_pk', ['voucher_id', 'user_id'])
    .addCheckConstraint('voucher_customer_uses_check', sql`uses >= 0`)
    .execute();

  await withId(db.schema.createTable('voucher_redemptions'), engine)
    .addColumn('voucher_id', 'integer', (c) => c.notNull().references('vouchers.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('cart_id', 'integer', (c) => c.references('carts.id').onDelete('cascade'))
    .addColumn('order_id', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('voucher_redemptions_status_check', sql`status in ('reserved', 'redeemed')`)
    .execute();
  // One voucher per cart at a time (decision 0202).
  await db.schema
    .createIndex('voucher_redemptions_one_per_cart')
    .on('voucher_redemptions')
    .column('cart_id')
    .unique()
    .where(sql.ref('status'), '=', 'reserved')
    .execute();
  await db.schema.createIndex('voucher_redemptions_voucher_user').on('voucher_redemptions').columns(['voucher_id', 'user_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['voucher_redemptions', 'voucher_customer_uses', 'vouchers']) await db.schema.dropTable(t).execute();
}
