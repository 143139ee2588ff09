import type { Selectable } from 'kysely';
import type { Timestamped, WithId } from '../../db/row.js';

export interface EventTable extends WithId, Timestamped {
  shop_id: number;
  name: string;
  /** Sanitized HTML. */
  description: string;
  active: number;
}
export type EventRow = Selectable<EventTable>;

export interface EventAvailabilityTable extends WithId {
  event_id: number;
  /** UTC ISO instants. */
  start_at: string;
  end_at: string;
}
export type EventAvailabilityRow = Selectable<EventAvailabilityTable>;

export interface EventServiceTable {
  event_id: number;
  service_id: number;
}

export interface EventTables {
  events: EventTable;
  event_availabilities: EventAvailabilityTable;
  event_services: EventServiceTable;
}
