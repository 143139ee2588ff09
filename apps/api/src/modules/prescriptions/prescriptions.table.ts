import type { ColumnType, Selectable } from 'kysely';
import type { Timestamped, WithId } from '../../db/row.js';

/**
 * A prescription sent with the cart (health data). `cart_id` while it is in the cart; the
 * checkout moves it to its order (`order_id`) and clears `cart_id`.
 */
export interface PrescriptionTable extends WithId, Timestamped {
  user_id: number;
  shop_id: number;
  cart_id: number | null;
  order_id: number | null;
  /** fse | nre | file | vetnre | vetfile. */
  mode: string;
  nre: string | null;
  fse_consent: number;
  codice_fiscale: string;
  note: string | null;
  equivalent: number;
  file_id: number | null;
  /** When the retention job erased its health content (migration 0110, decision 0411). */
  health_erased_at: ColumnType<string | null, string | null | undefined, string | null>;
}
export type PrescriptionRow = Selectable<PrescriptionTable>;

export interface PrescriptionTables {
  prescriptions: PrescriptionTable;
}
