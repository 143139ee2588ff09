import type { Selectable } from 'kysely';

export interface StaffAlertSettingsTable {
  shop_id: number;
  /** Where alerts go; null = the shop's contact email (shops.email). */
  email: string | null;
  /** JSON text of the contract's events switches. */
  events: string;
  escalation_enabled: number;
  escalation_minutes: number;
  updated_at: string;
}
export type StaffAlertSettingsRow = Selectable<StaffAlertSettingsTable>;

/** One row per order whose escalation was queued: the primary key is the once-only guard. */
export interface StaffAlertEscalationTable {
  order_id: number;
  shop_id: number;
  queued_at: string;
}

export interface StaffAlertTables {
  staff_alert_settings: StaffAlertSettingsTable;
  staff_alert_escalations: StaffAlertEscalationTable;
}
