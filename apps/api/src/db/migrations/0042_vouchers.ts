import { type Kysely, sql } from 'kysely';
import { dropTables, index, integers, integersFrom, optionalRef, ownedByShop, ownedByUser, ref, required, requiredTexts, tableWithId, texts, timestamps, uniqueIndex, uniqueIndexWhere, withDefault } from '../column.js';

/**
 * Vouchers (discount codes) and their uses. The limits hold under concurrency through conditional
 * updates of the counters (`uses < total_limit`) inside the applying transaction, and the one
 * reserved use per cart through a partial unique index: plain SQL both engines run the same way.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'vouchers')
    .$call(ownedByShop)
    .$call(requiredTexts('code', 'name'))
    .addColumn('description', 'text')
    .addColumn('kind', 'text', required)
    .addColumn('value', 'integer', required)
    .$call(texts('starts_at', 'ends_at'))
    .$call(integers('total_limit', 'per_customer_limit'))
    .addColumn('minimum_cart_total', 'integer', withDefault(0))
    .$call(integersFrom(1, 'include_promo_product', 'active'))
    .addColumn('uses', 'integer', withDefault(0))
    .$call(timestamps)
    .addCheckConstraint('vouchers_kind_check', sql`kind in ('percent', 'fixed', 'free_shipping')`)
    .addCheckConstraint(
      'vouchers_value_check',
      sql`(kind = 'percent' and value between 1 and 100) or (kind = 'fixed' and value > 0) or (kind = 'free_shipping' and value = 0)`,
    )
    .addCheckConstraint('vouchers_uses_check', sql`uses >= 0 and (total_limit is null or uses <= total_limit)`)
    .addCheckConstraint('vouchers_code_upper_check', sql`code = upper(code)`)
    .execute();
  await uniqueIndex(db, 'vouchers_shop_code_unique', 'vouchers', ['shop_id', 'code']);

  await db.schema
    .createTable('voucher_customer_uses')
    .$call(ref('voucher_id', 'vouchers', 'cascade'))
    .$call(ownedByUser)
    .addColumn('uses', 'integer', required)
    .addPrimaryKeyConstraint('voucher_customer_uses_pk', ['voucher_id', 'user_id'])
    .addCheckConstraint('voucher_customer_uses_check', sql`uses >= 0`)
    .execute();

  await tableWithId(db, 'voucher_redemptions')
    .$call(ref('voucher_id', 'vouchers', 'cascade'))
    .$call(ownedByUser)
    .$call(optionalRef('cart_id', 'carts', 'cascade'))
    .addColumn('order_id', 'integer')
    .addColumn('status', 'text', required)
    .$call(timestamps)
    .addCheckConstraint('voucher_redemptions_status_check', sql`status in ('reserved', 'redeemed')`)
    .execute();
  // One voucher per cart at a time (decision 0202).
  await uniqueIndexWhere(db, 'voucher_redemptions_one_per_cart', 'voucher_redemptions', ['cart_id'], ['status', '=', 'reserved']);
  await index(db, 'voucher_redemptions_voucher_user', 'voucher_redemptions', ['voucher_id', 'user_id']);
}

export const down = dropTables('voucher_redemptions', 'voucher_customer_uses', 'vouchers');
