import type { Selectable } from 'kysely';
import type { CartAttachment } from '../../db/row.js';

/**
 * A prescription sent with the cart (health data). `cart_id` while it is in the cart; the
 * checkout moves it to its order (`order_id`) and clears `cart_id`.
 */
export interface PrescriptionTable extends CartAttachment {
  /** fse | nre | file | vetnre | vetfile. */
  mode: string;
  nre: string | null;
  fse_consent: number;
  codice_fiscale: string;
  note: string | null;
}
export type PrescriptionRow = Selectable<PrescriptionTable>;

export interface PrescriptionTables {
  prescriptions: PrescriptionTable;
}
