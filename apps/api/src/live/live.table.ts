import type { Selectable } from 'kysely';
import type { LiveAction, LiveTopic } from '@farmacia/contract';
import type { CreatedAt, WithId } from '../db/row.js';

/** One change of an order or a booking, kept a few minutes for `Last-Event-ID` (migration 0125). */
export interface LiveEventTable extends WithId, CreatedAt {
  /** The shop whose staff see it. */
  shop_id: number;
  /** The customer who sees it (the order's or the reservation's owner). */
  user_id: number;
  topic: LiveTopic;
  action: LiveAction;
  /** The order's or the reservation's id. */
  ref_id: number;
}
export type LiveEventRow = Selectable<LiveEventTable>;

export interface LiveTables {
  live_events: LiveEventTable;
}
