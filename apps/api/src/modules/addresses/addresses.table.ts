import type { Insertable, Selectable } from 'kysely';
import type { Timestamped, WithId } from '../../db/row.js';

/**
 * A customer's address (`user_id` set, `system` 0) or a pickup point of a shop (`shop_id` set,
 * `system` 1). Orders keep a copy of the address they ship to, so editing or deleting one never
 * rewrites an order's history.
 */
export interface AddressTable extends WithId, Timestamped {
  user_id: number | null;
  shop_id: number | null;
  system: number;
  name: string;
  address_1: string;
  address_2: string | null;
  city: string;
  state_region: string;
  postal_code: string;
  phone_number: string | null;
  country: string;
  is_default: number;
}
export type AddressRow = Selectable<AddressTable>;
export type NewAddressRow = Insertable<AddressTable>;

export interface AddressTables {
  addresses: AddressTable;
}
