import type { Selectable } from 'kysely';
import type { CreatedAt, WithId } from '../../db/row.js';

export interface ReservationTable extends WithId, CreatedAt {
  user_id: number;
  shop_id: number;
  service_id: number;
  staff_id: number;
  event_id: number | null;
  /** Rome calendar day and wall-clock times, as shown. */
  day: string;
  start_appointment: string;
  end_appointment: string;
  /** UTC ISO instants; the staff member is taken on [start_at, busy_until). */
  start_at: string;
  end_at: string;
  busy_until: string;
  /** Encrypted (note-cipher). */
  note: string | null;
  status: 'booked' | 'cancelled';
  cancelled_at: string | null;
  /** Set once, when the day-before reminder entered the outbox. */
  reminder_queued_at: string | null;
}
export type ReservationRow = Selectable<ReservationTable>;

/** A staff member's busy version, moved by triggers on their reservations (migration 0137, decision 0591). */
export interface StaffBusyStateTable {
  staff_id: number;
  version: number | string;
}

/** The slot rules' version, one row, moved by triggers on services, staff, hours, closures (migration 0135, decision 0586). */
export interface SlotRulesStateTable {
  id: number;
  version: number | string;
}

export interface ReservationTables {
  reservations: ReservationTable;
  staff_busy_state: StaffBusyStateTable;
  slot_rules_state: SlotRulesStateTable;
}
