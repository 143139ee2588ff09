export interface OptionTable {
  shop_id: number;
  key: string;
  /** Plain text, or JSON text for the keys of JSON_OPTION_KEYS. */
  value: string;
  updated_at: string;
}

export interface ContentTable {
  shop_id: number;
  key: string;
  /** HTML as the shop wrote it; sanitized when answered. */
  value: string;
  updated_at: string;
}

export interface ShopMediaTable {
  shop_id: number;
  /** File name as served, e.g. 'logo.png', 'slide-1.svg'. */
  name: string;
  content_type: string;
  data_base64: string;
  /** Strong validator: sha256 of the bytes, quoted. */
  etag: string;
  updated_at: string;
}

export interface ShopSettingsTables {
  options: OptionTable;
  contents: ContentTable;
  shop_media: ShopMediaTable;
}
