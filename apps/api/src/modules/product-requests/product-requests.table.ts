import type { ColumnType, Selectable } from 'kysely';
import type { Timestamped, WithId } from '../../db/row.js';

/** A product-photo (`search`) or galenica request sent with the cart; same life cycle as a prescription. */
export interface ProductRequestTable extends WithId, Timestamped {
  user_id: number;
  shop_id: number;
  cart_id: number | null;
  order_id: number | null;
  /** search | galenica. */
  type: string;
  note: string;
  equivalent: number;
  file_id: number | null;
  /** When the retention job erased its health content (migration 0110, decision 0411). */
  health_erased_at: ColumnType<string | null, string | null | undefined, string | null>;
}
export type ProductRequestRow = Selectable<ProductRequestTable>;

export interface ProductRequestTables {
  product_requests: ProductRequestTable;
}
