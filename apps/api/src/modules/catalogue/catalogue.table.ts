import type { Generated, Insertable, Selectable } from 'kysely';
import type { Timestamped, WithId } from '../../db/row.js';

/** A node of the category tree (levels 1–4). `path` is the slugs from level 1 joined by '/'. */
export interface CategoryTable extends WithId {
  parent_id: number | null;
  level: number;
  slug: string;
  path: string;
  name: string;
  hero_title: string;
  description: string | null;
  position: number;
  tot_prodotti: Generated<number>;
  last_update: string;
}
export type CategoryRow = Selectable<CategoryTable>;
/** A category as the shop's reads give it: with whether it has children. */
export type CategoryWithChildren = CategoryRow & { has_children: number };

/**
 * A product. Money in integer cents, flags as 0/1. `cat1_id`…`cat4_id` are the ancestors of
 * `category_id` at each level (null below its depth). `rank` is the popularity position,
 * unique (1 = best seller). PostgreSQL adds generated search columns that only the search
 * adapter reads, so they are not listed here.
 */
export interface ProductTable extends WithId, Timestamped {
  codice_ministeriale: string;
  nome_prodotto: string;
  descrizione: string | null;
  descrizione_ditta_1_produttrice: string | null;
  descrizione_atc: string | null;
  descrizione_estesa_degrassi: string | null;
  descrizione_pricipio_attivo: string | null;
  category_id: number | null;
  cat1_id: number | null;
  cat2_id: number | null;
  cat3_id: number | null;
  cat4_id: number | null;
  price_cents: number;
  list_price_cents: number | null;
  stock: number;
  image: string | null;
  prescription_only: number;
  sop_otc: number;
  /** 1: a medicine without either flag above, homeopathic or veterinary (decision 0699; `isMedicine` reads the three). */
  medicine: number;
  promo: number;
  /** The promotion's first and last day ('YYYY-MM-DD', Rome, inclusive), null = open (decision 0530). */
  promo_start: string | null;
  promo_end: string | null;
  /** Optional EAN-13 of the pack (decision 0471), for the lookup by scanned code. */
  ean: string | null;
  rank: number;
}
export type ProductRow = Selectable<ProductTable>;
export type NewProductRow = Insertable<ProductTable>;

/**
 * A shop's offer of a master product (issue 18, decision 0540): what that shop's customers see
 * and pay. No row, or `on_sale = 0`, and the product is not on the shop's shelf.
 */
export interface ProductOfferTable {
  shop_id: number;
  product_id: number;
  price_cents: number;
  list_price_cents: number | null;
  stock: number;
  promo: number;
  /** The shop's promotion period, 'YYYY-MM-DD' both inclusive, null = open (migration 0131, decision 0530). */
  promo_start: string | null;
  promo_end: string | null;
  on_sale: number;
  updated_at: string;
}
export type ProductOfferRow = Selectable<ProductOfferTable>;

/** A shop's `tot_prodotti` of a category: its products on sale in the whole subtree. */
export interface ShopCategoryTotalTable {
  shop_id: number;
  category_id: number;
  tot_prodotti: number;
}

/** A shop's shelf version (migration 0133): moved by triggers when an offer of it goes on or off the shelf. */
export interface ShopShelfTable {
  shop_id: number;
  version: number;
}

export interface CatalogueTables {
  categories: CategoryTable;
  products: ProductTable;
  product_offers: ProductOfferTable;
  shop_category_totals: ShopCategoryTotalTable;
  shop_shelves: ShopShelfTable;
}

/**
 * A product as the catalogue reads it: the product row with the name and slug of each category
 * level. Search hits leave out the two long texts (`descrizione`, `descrizione_estesa_degrassi`).
 */
export interface ProductRecord
  extends Pick<
    ProductRow,
    | 'codice_ministeriale'
    | 'nome_prodotto'
    | 'descrizione_ditta_1_produttrice'
    | 'descrizione_atc'
    | 'descrizione_pricipio_attivo'
    | 'price_cents'
    | 'list_price_cents'
    | 'stock'
    | 'image'
    | 'prescription_only'
    | 'sop_otc'
    | 'medicine'
    | 'promo'
    | 'promo_start'
    | 'promo_end'
    | 'rank'
    | 'updated_at'
  > {
  descrizione?: string | null;
  descrizione_estesa_degrassi?: string | null;
  /**
   * Whether the shop the record was read for sells it (issue 18). False only on the product page
   * and the cart, which open any master product; its price and stock are then the shop's last
   * offer (0 when it never had one) and mean nothing to a customer.
   */
  on_sale?: boolean;
  /** Whether that shop has an offer of it at all (on sale or not): a pharmacist reaches only these. */
  offered?: boolean;
  cat1_name: string | null;
  cat1_slug: string | null;
  cat2_name: string | null;
  cat2_slug: string | null;
  cat3_name: string | null;
  cat3_slug: string | null;
  cat4_name: string | null;
  cat4_slug: string | null;
}
