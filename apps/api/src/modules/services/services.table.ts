import type { Generated, Selectable } from 'kysely';
import type { CreatedAt, Timestamped, WithId } from '../../db/row.js';

export interface ServiceCategoryTable extends WithId, CreatedAt {
  shop_id: number;
  name: string;
  description: string | null;
  sort_order: Generated<number>;
}
export type ServiceCategoryRow = Selectable<ServiceCategoryTable>;

export interface ServiceTable extends WithId, Timestamped {
  shop_id: number;
  category_id: number | null;
  name: string;
  /** Sanitized HTML. */
  description: string;
  price_cents: number;
  /** Minutes. */
  duration: number;
  /** Minutes the staff member is still taken after the appointment. */
  padding_after: number;
  show_price: number;
  /** Days before the booking day after which cancelling is no longer allowed. */
  booking_cancellations: number;
  active: number;
  sort_order: Generated<number>;
}
export type ServiceRow = Selectable<ServiceTable>;

export interface ServiceTables {
  service_categories: ServiceCategoryTable;
  services: ServiceTable;
}
