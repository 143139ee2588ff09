import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, Timestamped, WithId } from '../../db/row.js';

export interface ServiceGroupTable extends WithId, CreatedAt {
  shop_id: number;
  category_id: number | null;
  name: string;
  /** Sanitized HTML. */
  text: string;
  sort_order: Generated<number>;
}
export type ServiceGroupRow = Selectable<ServiceGroupTable>;

export interface ShopServiceTable extends WithId, Timestamped {
  shop_id: number;
  category_id: number | null;
  group_id: number | null;
  name: string;
  /** Sanitized HTML. */
  description: string;
  /** Null: price on request. */
  price_cents: number | null;
  active: number;
  sort_order: Generated<number>;
}
export type ShopServiceRow = Selectable<ShopServiceTable>;

export interface ShopServiceRequestTable extends WithId, CreatedAt {
  shop_id: number;
  user_id: number;
  shop_service_id: number;
  shop_service_name: string;
  /** Encrypted (note-cipher). */
  note: string | null;
  status: Generated<'new' | 'handled'>;
  handled_at: string | null;
  /** The back office's reply, encrypted (note-cipher; migration 0092). */
  reply: ColumnType<string | null, string | null | undefined, string | null>;
  /** The staff member who handled it. */
  handled_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ShopServiceTables {
  service_groups: ServiceGroupTable;
  shop_services: ShopServiceTable;
  shop_service_requests: ShopServiceRequestTable;
}
