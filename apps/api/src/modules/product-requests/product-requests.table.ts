import type { Selectable } from 'kysely';
import type { CartAttachment } from '../../db/row.js';

/** A product-photo (`search`) or galenica request sent with the cart; same life cycle as a prescription. */
export interface ProductRequestTable extends CartAttachment {
  /** search | galenica. */
  type: string;
  note: string;
}
export type ProductRequestRow = Selectable<ProductRequestTable>;

export interface ProductRequestTables {
  product_requests: ProductRequestTable;
}
