import type { Generated, Selectable } from 'kysely';

/**
 * One cart per customer and shop, kept across sessions; checkout empties it. The delivery and
 * payment choices of the checkout are stored here (`PUT /cart`).
 */
export interface CartTable {
  id: Generated<number>;
  user_id: number;
  shop_id: number;
  shipping_type: string | null;
  /** The chosen method's `type` in the shop's configuration; its label and price are read from there. */
  shipping_method: string | null;
  /** A user address (address) or a pickup point (pickupPoint). */
  address_id: number | null;
  payment_type: string | null;
  created_at: string;
  updated_at: string;
}
export type CartRow = Selectable<CartTable>;

/**
 * A product line: the code and the quantity; the price is always the catalogue's. The name is a
 * snapshot taken when it was added, shown only if the product later leaves the catalogue.
 */
export interface CartProductTable {
  cart_id: number;
  product_code: string;
  product_name: string;
  quantity: number;
  created_at: string;
  updated_at: string;
}
export type CartProductRow = Selectable<CartProductTable>;

export interface CartTables {
  carts: CartTable;
  cart_products: CartProductTable;
}
