import type { Generated, Selectable } from 'kysely';
import type { CreatedAt, WithId } from '../../db/row.js';

export interface StaffTable extends WithId, CreatedAt {
  shop_id: number;
  name: string;
  active: number;
  /** Bumped by each booking: the per-member lock of decision 0180. */
  booking_seq: Generated<number>;
}
export type StaffRow = Selectable<StaffTable>;

export interface StaffServiceTable {
  staff_id: number;
  service_id: number;
}

export interface StaffHoursTable extends WithId {
  staff_id: number;
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** Rome 'HH:mm'. */
  start_time: string;
  end_time: string;
}

export interface StaffExceptionTable extends WithId, CreatedAt {
  shop_id: number;
  /** Null: the whole shop is closed. */
  staff_id: number | null;
  date_from: string;
  date_to: string;
  /** Both null: all day. */
  start_time: string | null;
  end_time: string | null;
  reason: string | null;
}

export interface StaffTables {
  staff: StaffTable;
  staff_services: StaffServiceTable;
  staff_hours: StaffHoursTable;
  staff_exceptions: StaffExceptionTable;
}
