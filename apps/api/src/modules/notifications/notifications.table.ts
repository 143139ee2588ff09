import type { Selectable } from 'kysely';
import type { Timestamped, WithId } from '../../db/row.js';

export type NotificationChannel = 'push' | 'email' | 'sms';

export interface NotificationSettingTable extends WithId, Timestamped {
  user_id: number;
  type: NotificationChannel;
  /** The app's device identifier; email and sms use one row per user (device '*'), see decision 0241. */
  device: string;
  active: number;
  /** Push only: the PushSubscription JSON. */
  subscription: string | null;
  /** Push only: the subscription endpoint. */
  endpoint: string | null;
}
export type NotificationSettingRow = Selectable<NotificationSettingTable>;

export interface NotificationTables {
  notification_settings: NotificationSettingTable;
}
