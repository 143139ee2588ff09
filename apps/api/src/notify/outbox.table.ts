import type { Selectable } from 'kysely';
import type { CreatedAt, WithId } from '../db/row.js';

export type OutboxChannel = 'email' | 'push' | 'sms';
export type OutboxStatus = 'pending' | 'sent' | 'failed';

export interface OutboxTable extends WithId, CreatedAt {
  channel: OutboxChannel;
  /** Email address, push subscription endpoint or phone number. */
  recipient: string;
  subject: string | null;
  body_text: string | null;
  body_html: string | null;
  /** JSON text for channel-specific data (e.g. a push payload). */
  payload: string | null;
  status: OutboxStatus;
  attempts: number;
  /** Due time; also the lease a worker takes while delivering (see outbox.ts). */
  next_attempt_at: string;
  last_error: string | null;
  sent_at: string | null;
}
export type OutboxRow = Selectable<OutboxTable>;

export interface OutboxTables {
  outbox: OutboxTable;
}
