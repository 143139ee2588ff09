import type { Selectable } from 'kysely';
import type { Timestamped, WithId } from '../../db/row.js';

/**
 * One cart per customer and shop, kept across sessions; checkout empties it. The delivery and
 * payment choices of the checkout are stored here (`PUT /cart`).
 */
export interface CartTable extends WithId, Timestamped {
  user_id: number;
  shop_id: number;
  shipping_type: string | null;
  /** The chosen method's `type` in the shop's configuration; its label and price are read from there. */
  shipping_method: string | null;
  /** A user address (address) or a pickup point (pickupPoint). */
  address_id: number | null;
  payment_type: string | null;
}
export type CartRow = Selectable<CartTable>;

/**
 * A product line: the code and the quantity; the price is always the catalogue's. The name is a
 * snapshot taken when it was added, shown only if the product later leaves the catalogue.
 */
export interface CartProductTable extends Timestamped {
  cart_id: number;
  product_code: string;
  product_name: string;
  quantity: number;
}
export type CartProductRow = Selectable<CartProductTable>;

export interface CartTables {
  carts: CartTable;
  cart_products: CartProductTable;
}
