/** The counter of shop data edits that `GET /api/` answers as `data_version` (migration 0090). */
export interface ShopDataRevisionTable {
  id: number;
  revision: number;
  updated_at: string;
}

export interface AdminShopTables {
  shop_data_revision: ShopDataRevisionTable;
}
