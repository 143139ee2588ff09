import type { Selectable } from 'kysely';
import type { CreatedAt, WithId } from '../../db/row.js';

export interface DutyShiftTable extends WithId, CreatedAt {
  shop_id: number;
  /** YYYY-MM-DD (shop time). */
  day: string;
  /** HH:mm (shop time); an end before the start runs past midnight. */
  start_time: string;
  end_time: string;
  pharmacy_name: string;
  address: string;
  phone: string | null;
  /** 1 when the on-duty pharmacy is this shop. */
  is_own_shop: number;
}
export type DutyShiftRow = Selectable<DutyShiftTable>;

export interface MediaTables {
  duty_shifts: DutyShiftTable;
}
