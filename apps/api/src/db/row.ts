import type { ColumnType, Generated } from 'kysely';

// The columns most tables share, written once (issue 16). Kysely only reads the fields, so a
// table interface that extends these is the same type as one that lists them.

/** An auto-increment integer primary key, filled by the database on insert. */
export interface WithId {
  id: Generated<number>;
}

/** created_at and updated_at, the UTC ISO strings of a row that changes after it is written. */
export interface Timestamped {
  created_at: string;
  updated_at: string;
}

/**
 * What a prescription and a product request share (migration 0041's cart attachment): a
 * customer's, in one shop, attached to a cart and then to its order, with an optional file.
 */
export interface CartAttachment extends WithId, Timestamped {
  user_id: number;
  shop_id: number;
  cart_id: number | null;
  order_id: number | null;
  equivalent: number;
  file_id: number | null;
  /** When the retention job erased its health content (migration 0110, decision 0411). */
  health_erased_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** created_at alone, the UTC ISO string of a row written once and never changed. */
export interface CreatedAt {
  created_at: string;
}
