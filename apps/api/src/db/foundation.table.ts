import type { Generated } from 'kysely';

export interface ShopTable {
  id: Generated<number>;
  name: string;
  created_at: string;
  /** Address and contacts (migration 0086), edited by admins in the back office. */
  address: string | null;
  city: string | null;
  postal_code: string | null;
  province: string | null;
  phone: string | null;
  email: string | null;
  updated_at: string | null;
}

export interface ShopTables {
  shops: ShopTable;
}
