import type { Generated } from 'kysely';

export interface ShopTable {
  id: Generated<number>;
  name: string;
  created_at: string;
}

export interface ShopTables {
  shops: ShopTable;
}
