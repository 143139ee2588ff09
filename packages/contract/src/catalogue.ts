import { z } from 'zod';
import { fillMessage } from './common/messages.js';
import { catalogueMessages, validationMessages } from './common/message-groups.js';
import { CATEGORY_MAX_DEPTH, CATEGORY_PAGE_SIZE, MAX_PAGE_SIZE, SEARCH_DEFAULT_RPP, } from './constants.js';
import { PRODUCT_PICTURE_WIDTHS, type ProductPictureWidth } from './catalogue-rules.js';
import { MAX_ROW_ID } from './common/route-params.js';
import { filledText } from './common/text.js';

export * from './catalogue-rules.js';

/**
 * The catalogue: products, categories, search and promotions (spec §3 Product and Category, §7
 * "Products"). The spec's Italian field names stay as they are on the wire, typo included
 * (`descrizione_pricipio_attivo`). Prices are euro on the wire, integer cents in the database.
 */

// --- Products ----------------------------------------------------------------------------------

/** One step of a product's category path (level 1 first), for breadcrumbs and links. */
export const CategoryRefSchema = z.object({ level: z.number().int().min(1).max(4), name: z.string(), slug: z.string() });
export type CategoryRef = z.infer<typeof CategoryRefSchema>;

/**
 * A product as `GET /product/{code}` answers it: the fields of spec §3, plus what a real pharmacy
 * needs (ARCHITECTURE §7) — whether it is a prescription medicine, a non-prescription medicine
 * (SOP/OTC, the pages that sell it show the EU common logo) and whether it is on promotion.
 */
export const ProductSchema = z.object({
  /** AIC/minsan code, 9 digits with check digit: the product's identity in routes and carts. */
  codice_ministeriale: z.string(),
  nome_prodotto: z.string(),
  descrizione: z.string().nullable(),
  descrizione_ditta_1_produttrice: z.string().nullable(),
  /** ATC code and its description, e.g. 'N02BE01 - Paracetamolo'; null for non-medicines. */
  descrizione_atc: z.string().nullable(),
  /** The long name as the Italian drug databases write it, e.g. 'TACHIPIRINA*20 cpr 500 mg'. */
  descrizione_estesa_degrassi: z.string().nullable(),
  /** Active principle (the spec's spelling). Null for products that are not medicines. */
  descrizione_pricipio_attivo: z.string().nullable(),
  /** Name of the level-1 category (e.g. 'Farmaci da banco'). */
  categoria1: z.string().nullable(),
  /** Name of the level-2 category (e.g. 'Dolore e febbre'). */
  categoria2: z.string().nullable(),
  categoria1_slug: z.string().nullable(),
  categoria2_slug: z.string().nullable(),
  /** The whole category path, level 1 first (up to four levels). */
  categorie: z.array(CategoryRefSchema),
  /** Selling price in euro. */
  prezzo: z.number(),
  /** Price before the promotion in euro, shown struck through; null when not on promotion. */
  prezzo_pieno: z.number().nullable(),
  /** Units in stock; 0 = not available. */
  quantita: z.number().int(),
  /** URL of the product image (served by the API, backed by the leaflet image service). */
  immagine: z.string(),
  /** Prescription medicine: it cannot be sold at a distance, only requested (D.Lgs. 219/2006 art. 112-quater). */
  prescription_only: z.boolean(),
  /** Non-prescription medicine (SOP/OTC): can be sold online; its page shows the EU common logo. */
  sop_otc: z.boolean(),
  /** On promotion: listed by `GET /product/promotions`; vouchers may exclude it (include_promo_product). */
  promo: z.boolean(),
  /**
   * Whether the current pharmacy sells it (issue 18: prices, stock and promotions are each shop's).
   * False only on the product page, which opens any product by code: price and stock then mean
   * nothing, the page says so and offers the product request. Search, categories and promotions
   * list only what the shop sells.
   */
  in_vendita: z.boolean().optional(),
});
export type Product = z.infer<typeof ProductSchema>;

/** What a search or category hit carries: the product without its long texts. */
export const ProductHitSchema = ProductSchema.omit({
  descrizione: true,
  descrizione_estesa_degrassi: true,
});
export type ProductHit = z.infer<typeof ProductHitSchema>;

// --- Categories --------------------------------------------------------------------------------

/**
 * A category (spec §3). The spec names levels 1 and 2 (`categoria_pf1/2`, `categoria1/2_slug`);
 * levels 3 and 4 follow the same pattern. A level-1 category has only `categoria_pf1`; a level-2
 * one has both, and so on. `slug`/`name` are the category's own, `tot_prodotti` counts its
 * whole subtree.
 */
export const CategorySchema = z.object({
  id: z.number().int(),
  level: z.number().int().min(1).max(CATEGORY_MAX_DEPTH),
  name: z.string(),
  slug: z.string(),
  categoria_pf1: z.string(),
  categoria_pf2: z.string().nullable(),
  categoria_pf3: z.string().nullable(),
  categoria_pf4: z.string().nullable(),
  categoria1_slug: z.string(),
  categoria2_slug: z.string().nullable(),
  categoria3_slug: z.string().nullable(),
  categoria4_slug: z.string().nullable(),
  hero_title: z.string(),
  description: z.string().nullable(),
  /** UTC ISO timestamp of the last change of the category or its product count. */
  last_update: z.string(),
  tot_prodotti: z.number().int(),
  has_children: z.boolean(),
});
export type Category = z.infer<typeof CategorySchema>;

// --- Query strings -----------------------------------------------------------------------------

/** Like Elasticsearch's `max_result_window`: results past this position are not paged to. */
export const SEARCH_MAX_RESULT_WINDOW = 10_000;
/** Longest search text accepted. */
export const SEARCH_MAX_LENGTH = 100;
/** Longest category slug accepted. */
export const CATEGORY_SLUG_MAX_LENGTH = 80;
/** Default and largest page of `GET /product/promotions`. */
export const PROMOTIONS_DEFAULT_RPP = 50;

const betweenMessage = (min: number, max: number) => fillMessage(validationMessages.between, { min, max });

/** A positive integer query parameter (the query string is text: coerced, then checked). */
function intParam(min: number, max: number) {
  const message = betweenMessage(min, max);
  return z.coerce.number({ error: message }).int(validationMessages.integer).min(min, message).max(max, message);
}

/** `rpp`: results per page, 1 to MAX_PAGE_SIZE. */
const rppParam = (fallback: number) => intParam(1, MAX_PAGE_SIZE).default(fallback);
/** `p`: page number from 1. */
const pageParam = intParam(1, SEARCH_MAX_RESULT_WINDOW).default(1);

/**
 * `shop_id`: the pharmacy whose shelf to read (issue 18). Without it: the signed-in customer's
 * shop, or the default one for a visitor — as the other shop-scoped public calls.
 */
const shopParam = z.coerce
  .number({ error: validationMessages.invalid })
  .int(validationMessages.integer)
  .positive(validationMessages.invalid)
  .max(MAX_ROW_ID, validationMessages.invalid)
  .optional();

/** Pages past the result window answer 422 on `p`, not an empty page nobody can reach in the app. */
function withinResultWindow(query: { rpp: number; p: number }, ctx: z.RefinementCtx): void {
  if ((query.p - 1) * query.rpp >= SEARCH_MAX_RESULT_WINDOW) {
    ctx.addIssue({
      code: 'custom',
      path: ['p'],
      message: fillMessage(catalogueMessages.resultWindow, { max: SEARCH_MAX_RESULT_WINDOW }),
    });
  }
}

const slugParam = filledText(validationMessages.required, { notText: validationMessages.invalid })
  .max(CATEGORY_SLUG_MAX_LENGTH, fillMessage(validationMessages.maxLength, { max: CATEGORY_SLUG_MAX_LENGTH }));

/**
 * `GET /product/search?q&rpp&p`. A `q` of 2 characters or fewer (after trimming) is not an
 * error: it answers an empty result, as the app only searches from 3 characters (spec §5).
 */
export const SearchQuerySchema = z
  .object({
    q: z
      .string({ error: validationMessages.invalid })
      .max(SEARCH_MAX_LENGTH, fillMessage(catalogueMessages.searchTooLong, { max: SEARCH_MAX_LENGTH }))
      .default(''),
    rpp: rppParam(SEARCH_DEFAULT_RPP),
    p: pageParam,
    shop_id: shopParam,
  })
  .superRefine(withinResultWindow);
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** `GET /product/searchByCategory?slug1&slug2[&slug3&slug4]&rpp&p`: a category's products by popularity. */
export const SearchByCategoryQuerySchema = z
  .object({
    slug1: slugParam,
    slug2: slugParam.optional(),
    slug3: slugParam.optional(),
    slug4: slugParam.optional(),
    rpp: rppParam(CATEGORY_PAGE_SIZE),
    p: pageParam,
    shop_id: shopParam,
  })
  .superRefine((query, ctx) => {
    withinResultWindow(query, ctx);
    slugsInOrder([query.slug1, query.slug2, query.slug3, query.slug4], 'slug', ctx);
  });
export type SearchByCategoryQuery = z.infer<typeof SearchByCategoryQuerySchema>;

/** `GET /product/category?cat1..cat4`: no parameter lists the level-1 categories. */
export const CategoryQuerySchema = z
  .object({
    cat1: slugParam.optional(),
    cat2: slugParam.optional(),
    cat3: slugParam.optional(),
    cat4: slugParam.optional(),
    shop_id: shopParam,
  })
  .superRefine((query, ctx) => slugsInOrder([query.cat1, query.cat2, query.cat3, query.cat4], 'cat', ctx));
export type CategoryQuery = z.infer<typeof CategoryQuerySchema>;

/** A level given without the one above it (`cat2` without `cat1`) is nonsense: 422 on that field. */
function slugsInOrder(slugs: ReadonlyArray<string | undefined>, prefix: string, ctx: z.RefinementCtx): void {
  for (let i = 1; i < slugs.length; i++) {
    if (slugs[i] !== undefined && slugs[i - 1] === undefined) {
      ctx.addIssue({ code: 'custom', path: [`${prefix}${i + 1}`], message: catalogueMessages.categoryLevelsOrder });
    }
  }
}

/** The slugs of a category query, level 1 first, without the missing levels. */
export function categoryPathOf(query: CategoryQuery): string[] {
  return [query.cat1, query.cat2, query.cat3, query.cat4].filter((s): s is string => s !== undefined);
}

/** `GET /product/promotions?rpp&p`. */
export const PromotionsQuerySchema = z
  .object({ rpp: rppParam(PROMOTIONS_DEFAULT_RPP), p: pageParam, shop_id: shopParam })
  .superRefine(withinResultWindow);
export type PromotionsQuery = z.infer<typeof PromotionsQuerySchema>;

export const ProductCodeParamsSchema = z.object({ code: z.string().max(32) });

const pictureWidths = Object.values(PRODUCT_PICTURE_WIDTHS).map(String) as [string, ...string[]];
/**
 * `GET /product/{code}/image?w`: one of PRODUCT_PICTURE_WIDTHS (catalogue-rules.ts); another answers 422 like any invalid
 * parameter (decision 0627: a client asking a size that is not drawn has a bug to see, and any
 * other `w` served would be one more picture to draw and keep).
 */
export const ProductImageQuerySchema = z.object({
  w: z
    .enum(pictureWidths, { error: validationMessages.invalid })
    .transform((w) => Number(w) as ProductPictureWidth)
    .optional(),
});

/** `GET /product/{code}?shop_id`: the shop whose offer to show (see `shop_id` above). */
export const ProductShopQuerySchema = z.object({ shop_id: shopParam });

// --- Responses ---------------------------------------------------------------------------------

/** One hit in Elasticsearch's shape: the code as `_id`, the product as `_source`. */
export const SearchHitSchema = z.object({ _id: z.string(), _source: ProductHitSchema });
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const SearchHitsSchema = z.object({
  /** Number of matching products (all pages); see `total_relation`. */
  total: z.number().int(),
  /**
   * As Elasticsearch's `hits.total.relation`: 'eq' when `total` is exact, 'gte' when more than
   * {@link SEARCH_MAX_RESULT_WINDOW} products match several words and counting stopped there —
   * no page past that window can be asked for anyway (decision 0166).
   */
  total_relation: z.enum(['eq', 'gte']),
  hits: z.array(SearchHitSchema),
});
export type SearchHits = z.infer<typeof SearchHitsSchema>;

/**
 * `GET /product/search`: Elasticsearch's multi-search shape the app reads
 * (`responses[0].hits.hits[]._source`, `totPages`). When the text matched nothing as typed and a
 * spelling correction did, `corrected_query` is the text actually searched ('tachiprina' →
 * 'tachipirina'), so the app can say so.
 */
export const SearchResponseSchema = z.object({
  responses: z.array(z.object({ hits: SearchHitsSchema })),
  totPages: z.number().int(),
  corrected_query: z.string().nullable(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/** `GET /product/searchByCategory`: `hits.hits`, `totPages`, and the category itself (hero title, description). */
export const SearchByCategoryResponseSchema = z.object({
  hits: SearchHitsSchema,
  totPages: z.number().int(),
  category: CategorySchema,
});
export type SearchByCategoryResponse = z.infer<typeof SearchByCategoryResponseSchema>;

/**
 * `GET /product/category`: the category the slugs name (null at the top), its path from level 1
 * (breadcrumbs) and its sub-categories, each with `tot_prodotti`. An empty `categories` means a
 * leaf: the app lists its products with searchByCategory.
 */
export const CategoryResponseSchema = z.object({
  category: CategorySchema.nullable(),
  path: z.array(CategorySchema),
  categories: z.array(CategorySchema),
});
export type CategoryResponse = z.infer<typeof CategoryResponseSchema>;

/** `GET /product/promotions`: the products on promotion, most popular first. */
export const PromotionsResponseSchema = z.object({
  result: z.array(ProductHitSchema),
  total: z.number().int(),
  totPages: z.number().int(),
});
export type PromotionsResponse = z.infer<typeof PromotionsResponseSchema>;

/** The full 404 text of an unknown category (spec §2/§8: title / text). */
export const CATEGORY_NOT_FOUND_MESSAGE = `${catalogueMessages.categoryNotFoundTitle} / ${catalogueMessages.categoryNotFoundText}`;

// --- Catalogue import --------------------------------------------------------------------------

/**
 * Columns of the semicolon-separated catalogue file (README "Catalogue import"): the product
 * fields of spec §3 plus the flags. Only the required ones must be in the header; order is free.
 */
export const CATALOGUE_IMPORT_REQUIRED_COLUMNS = ['codice_ministeriale', 'nome_prodotto', 'prezzo'] as const;
// The header names, as data: the file's columns in the README's order (`ean`, optional, is the pack's EAN-13, issue 20).
export const CATALOGUE_IMPORT_COLUMNS = [
  'codice_ministeriale', 'nome_prodotto', 'descrizione', 'descrizione_ditta_1_produttrice', 'descrizione_atc',
  'descrizione_estesa_degrassi', 'descrizione_pricipio_attivo', 'categoria1', 'categoria2', 'categoria3', 'categoria4',
  'prezzo', 'prezzo_pieno', 'quantita', 'immagine', 'prescription_only', 'sop_otc', 'promo', 'ean',
  // A medicine without the two prescription flags (homeopathic, veterinary), 1/0 (decision 0699).
  'medicine',
  // The promotion's first and last day, gg/mm/aaaa or aaaa-mm-gg, empty = open (decision 0530).
  'promo_inizio', 'promo_fine',
  // Issue 18: whether the pharmacy the list belongs to sells it (1/0; a new offer defaults to 1).
  'in_vendita',
] as const;
export type CatalogueImportColumn = (typeof CATALOGUE_IMPORT_COLUMNS)[number];

/** One rejected row: its line in the file (the header is line 1), its code when readable, why. */
export const CatalogueImportRejectionSchema = z.object({
  line: z.number().int(),
  codice_ministeriale: z.string().nullable(),
  reasons: z.array(z.string()),
});
export type CatalogueImportRejection = z.infer<typeof CatalogueImportRejectionSchema>;

/** What an import did. Re-importing the same file reports every row as unchanged. */
export const CatalogueImportReportSchema = z.object({
  rows: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.array(CatalogueImportRejectionSchema),
  /** Problems with the file as a whole (unknown columns ignored…); a missing required column stops the import. */
  warnings: z.array(z.string()),
});
export type CatalogueImportReport = z.infer<typeof CatalogueImportReportSchema>;
