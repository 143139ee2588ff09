import type { Insertable, Selectable } from 'kysely';
import type { Timestamped, WithId } from '../../db/row.js';

/**
 * A discount code of a shop (decision 0202). `code` is stored uppercase, so codes are
 * case-insensitive; `uses` counts reserved and redeemed uses and is what `total_limit` caps.
 */
export interface VoucherTable extends WithId, Timestamped {
  shop_id: number;
  code: string;
  name: string;
  description: string | null;
  /** percent | fixed | free_shipping. */
  kind: string;
  /** percent: 1–100; fixed: cents; free_shipping: 0. */
  value: number;
  starts_at: string | null;
  ends_at: string | null;
  total_limit: number | null;
  per_customer_limit: number | null;
  minimum_cart_total: number;
  include_promo_product: number;
  active: number;
  uses: number;
}
export type VoucherRow = Selectable<VoucherTable>;
export type NewVoucherRow = Insertable<VoucherTable>;

/** Uses of a voucher by one account (reserved in a cart or redeemed by an order): what per_customer_limit caps. */
export interface VoucherCustomerUseTable {
  voucher_id: number;
  user_id: number;
  uses: number;
}

/**
 * One use of a voucher: `reserved` while it sits in a cart (at most one per cart), `redeemed` once
 * an order carries it. Removing it from the cart deletes the row and gives the use back.
 */
export interface VoucherRedemptionTable extends WithId, Timestamped {
  voucher_id: number;
  user_id: number;
  cart_id: number | null;
  order_id: number | null;
  status: 'reserved' | 'redeemed';
}
export type VoucherRedemptionRow = Selectable<VoucherRedemptionTable>;

export interface VoucherTables {
  vouchers: VoucherTable;
  voucher_customer_uses: VoucherCustomerUseTable;
  voucher_redemptions: VoucherRedemptionTable;
}
