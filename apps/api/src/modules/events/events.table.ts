import type { Generated, Selectable } from 'kysely';

export interface EventTable {
  id: Generated<number>;
  shop_id: number;
  name: string;
  /** Sanitized HTML. */
  description: string;
  active: number;
  created_at: string;
  updated_at: string;
}
export type EventRow = Selectable<EventTable>;

export interface EventAvailabilityTable {
  id: Generated<number>;
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
