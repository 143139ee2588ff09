import { promotionDay } from '@farmacia/contract';
import { CompiledQuery, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import { engineOf } from '../../db/column.js';
import { insertRows } from '../../db/multi-row-insert.js';
import { readStamp } from '../../db/kept-reads.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';
import { categoriesAt } from './kept-categories.js';
import type { CategoryRow, CategoryWithChildren, NewProductRow, ProductOfferRow, ProductRecord, ProductRow } from './catalogue.table.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Decision 0530, the contract's `isPromotionRunning` in SQL, on the shop's offer `o` (issue 18:
 * the period is per shop, migration 0131): `promo` on and the pharmacy's `today` inside the period
 * (null = open). ISO days compare as text on both engines.
 */
function promotionRunning(today: string) {
  return sql<SqlBool>`(o.promo = 1 and (o.promo_start is null or o.promo_start <= ${today}) and (o.promo_end is null or o.promo_end >= ${today}))`;
}

/**
 * Product columns of a ProductRecord as shop `shopId` offers them: the master's texts and flags,
 * the shop's price, list price, stock and promotion (issue 18). `sold` keeps only what the shop
 * has on sale (lists, search); otherwise any master product comes back with `on_sale` saying
 * whether the shop sells it (product page, cart). `full` adds the two long texts (product page).
 * With `today` (default: the pharmacy's day; the public reads, cart and orders) `promo` and
 * `price_cents` are what applies that day: outside its period a promotion is off and the offer
 * sells at its full price (`list_price_cents`). With `today: null` (the back office) they are the
 * stored values.
 */
function productRecords(
  db: Executor,
  shopId: number,
  options: { full: boolean; sold: boolean; today?: string | null; categoryIds?: boolean },
) {
  const today = options.today === undefined ? promotionDay() : options.today;
  const base = db.selectFrom('products as p');
  const withOffer = options.sold
    ? base.innerJoin('product_offers as o', (join) => join.onRef('o.product_id', '=', 'p.id').on('o.shop_id', '=', shopId)).where('o.on_sale', '=', 1)
    : base.leftJoin('product_offers as o', (join) => join.onRef('o.product_id', '=', 'p.id').on('o.shop_id', '=', shopId));
  const query = withOffer
    .select((eb) => [
      'p.codice_ministeriale',
      'p.nome_prodotto',
      'p.descrizione_ditta_1_produttrice',
      'p.descrizione_atc',
      'p.descrizione_pricipio_attivo',
      'o.list_price_cents',
      eb.fn.coalesce('o.stock', eb.lit(0)).$castTo<number>().as('stock'),
      'p.image',
      'p.prescription_only',
      'p.sop_otc',
      'p.medicine',
      'o.promo_start',
      'o.promo_end',
      'o.on_sale as offer_on_sale',
      'p.rank',
      'p.updated_at',
    ])
    .$if(!options.categoryIds, (q) =>
      q
        .leftJoin('categories as c1', 'c1.id', 'p.cat1_id')
        .leftJoin('categories as c2', 'c2.id', 'p.cat2_id')
        .leftJoin('categories as c3', 'c3.id', 'p.cat3_id')
        .leftJoin('categories as c4', 'c4.id', 'p.cat4_id')
        .select([
          'c1.name as cat1_name',
          'c1.slug as cat1_slug',
          'c2.name as cat2_name',
          'c2.slug as cat2_slug',
          'c3.name as cat3_name',
          'c3.slug as cat3_slug',
          'c4.name as cat4_name',
          'c4.slug as cat4_slug',
        ]),
    )
    // `categoryIds`: no join; each level's id under both its name's and its slug's key (the same
    // columns in the same order), for the caller to put the names and slugs in from memory
    // (categoriesAt, PostgreSQL's product page: CategoryIdsRow).
    .$if(options.categoryIds === true, (q) =>
      q.select([
        'p.cat1_id as cat1_name',
        'p.cat1_id as cat1_slug',
        'p.cat2_id as cat2_name',
        'p.cat2_id as cat2_slug',
        'p.cat3_id as cat3_name',
        'p.cat3_id as cat3_slug',
        'p.cat4_id as cat4_name',
        'p.cat4_id as cat4_slug',
      ]),
    )
    .select((eb) =>
      today === null
        ? [
            eb.fn.coalesce('o.promo', eb.lit(0)).$castTo<number>().as('promo'),
            eb.fn.coalesce('o.price_cents', eb.lit(0)).$castTo<number>().as('price_cents'),
          ]
        : [
            eb.case().when(promotionRunning(today)).then(1).else(0).end().$castTo<number>().as('promo'),
            eb
              .case()
              .when(sql<SqlBool>`o.promo = 1 and not ${promotionRunning(today)} and o.list_price_cents is not null`)
              .then(eb.ref('o.list_price_cents'))
              .else(eb.fn.coalesce('o.price_cents', eb.lit(0)))
              .end()
              .$castTo<number>()
              .as('price_cents'),
          ],
    );
  return options.full ? query.select(['p.descrizione', 'p.descrizione_estesa_degrassi']) : query;
}

type OfferRecordRow = ProductRecord & { offer_on_sale: number | null; pages_version?: number | string | null; categories_version?: number | string };

/**
 * The row as a ProductRecord (its columns but the offer's flag and the versions), `on_sale` and `offered`
 * read from the offer (none = not sold). The fields are set on the row's rest, not written as
 * `{ ...record, on_sale }`: an object a spread started and then given more properties outlives every
 * scavenge (decision 0638), ~1.1 KB a record promoted (decision 0649). Same keys in the same order.
 */
function withOnSale(row: OfferRecordRow): ProductRecord {
  const { offer_on_sale, pages_version: _, categories_version: __, ...record } = row;
  record.list_price_cents = record.list_price_cents ?? null;
  record.promo_start = record.promo_start ?? null;
  record.promo_end = record.promo_end ?? null;
  record.on_sale = Number(offer_on_sale) === 1;
  record.offered = offer_on_sale !== null;
  return record;
}

/** The master product by code, with shop `shopId`'s offer as it applies today (on_sale false when it does not sell it). */
export async function findProductByCode(db: Executor, shopId: number, code: string): Promise<ProductRecord | undefined> {
  const [row] = await productByCode(db, { shopId, code, today: promotionDay() });
  return row && withOnSale(row as OfferRecordRow);
}

// The product page's and the cart's reads, built and compiled once (decision 0553); the page's
// own read pipelined on PostgreSQL (decision 0612).
const productByCode = preparedQuery((db, v: { shopId: number; code: string; today: string }) =>
  productRecords(db, v.shopId, { full: true, sold: false, today: v.today }).where('p.codice_ministeriale', '=', v.code),
);
const productsByCodes = preparedQuery((db, v: { shopId: number; codes: string[]; today: string }) =>
  productRecords(db, v.shopId, { full: false, sold: false, today: v.today }).where('p.codice_ministeriale', 'in', v.codes),
);

/**
 * A product page's record with, from the same statement (so as of the same snapshot), the pages
 * version it is kept under (null when the version row is missing): a page not kept costs one round
 * trip instead of the version's and then the record's.
 */
export async function findProductPageByCode(
  db: Executor,
  shopId: number,
  code: string,
  today: string,
): Promise<{ record: ProductRecord | undefined; version: string | undefined }> {
  const postgres = engineOf(db) === 'postgres';
  const [row] = await (postgres ? productPageByCodeWithCategoryIds : productPageByCode)(db, { shopId, code, today });
  if (!row) return { record: undefined, version: undefined };
  const { pages_version } = row as OfferRecordRow & { pages_version: number | string | null };
  if (postgres) await nameCategories(db, row as OfferRecordRow & CategoryIdsRow);
  return { record: withOnSale(row as OfferRecordRow), version: pages_version === null ? undefined : String(pages_version) };
}
const productPageByCode = preparedQuery(
  (db, v: { shopId: number; code: string; today: string }) =>
    productRecords(db, v.shopId, { full: true, sold: false, today: v.today })
      .where('p.codice_ministeriale', '=', v.code)
      .select(sql<number | string | null>`(select pages_version from catalogue_search_state where id = 1)`.as('pages_version')),
  { pipelined: true },
);
/** PostgreSQL's catalogue state row (migrations 0025, 0135), as a table to join: it is not in the schema (its columns differ by engine). */
const CATALOGUE_STATE = sql<{ id: number; pages_version: number | string; categories_version: number | string }>`catalogue_search_state`.as('s');
/**
 * PostgreSQL's product page statement: the categories by id and the categories version (migration
 * 0025), not joined — four joins on `categories` (hash joins built for each page) were half of the
 * statement's time (pgbench on the offers bench's data, alternated: 0.45–0.71 → 0.22–0.42 ms).
 * The versions come from the state row joined once: a scalar subquery each read it twice (4 of the
 * statement's 11 shared buffers).
 */
const productPageByCodeWithCategoryIds = preparedQuery(
  (db, v: { shopId: number; code: string; today: string }) =>
    productRecords(db, v.shopId, { full: true, sold: false, today: v.today, categoryIds: true })
      .leftJoin(CATALOGUE_STATE, (join) => join.on(sql<SqlBool>`s.id = 1`))
      .where('p.codice_ministeriale', '=', v.code)
      .select(['s.pages_version', 's.categories_version']),
  { pipelined: true },
);

/** A row of `productRecords(…, { categoryIds: true })`: each level's id under its name's and slug's keys, and the categories version. */
interface CategoryIdsRow {
  cat1_name: unknown;
  cat1_slug: unknown;
  cat2_name: unknown;
  cat2_slug: unknown;
  cat3_name: unknown;
  cat3_slug: unknown;
  cat4_name: unknown;
  cat4_slug: unknown;
  categories_version?: number | string;
}

/** Puts each level's name and slug in place of its id, from the names kept at the row's categories version or later. */
async function nameCategories(db: Executor, row: CategoryIdsRow): Promise<void> {
  const { byId } = await categoriesAt(db, Number(row.categories_version ?? 0));
  const named = (id: unknown) => (id === null || id === undefined ? undefined : byId.get(Number(id)));
  const c1 = named(row.cat1_name);
  const c2 = named(row.cat2_name);
  const c3 = named(row.cat3_name);
  const c4 = named(row.cat4_name);
  row.cat1_name = c1?.name ?? null;
  row.cat1_slug = c1?.slug ?? null;
  row.cat2_name = c2?.name ?? null;
  row.cat2_slug = c2?.slug ?? null;
  row.cat3_name = c3?.name ?? null;
  row.cat3_slug = c3?.slug ?? null;
  row.cat4_name = c4?.name ?? null;
  row.cat4_slug = c4?.slug ?? null;
}

/** Moves with every write a product page shows: products, offers, categories' names (migration 0135, decision 0585). */
const PAGES_VERSION = CompiledQuery.raw('select pages_version as version from catalogue_search_state where id = 1');
export function readPagesVersion(db: Executor): Promise<string | undefined> {
  return readStamp(db, PAGES_VERSION);
}

/** The product with shop `shopId`'s offer as stored (promotion flag and price as set, whatever the day): the back office's view. */
export async function findStoredProductByCode(db: Executor, shopId: number, code: string): Promise<ProductRecord | undefined> {
  const row = await productRecords(db, shopId, { full: true, sold: false, today: null })
    .where('p.codice_ministeriale', '=', code)
    .executeTakeFirst();
  return row && withOnSale(row as OfferRecordRow);
}

/** Master products by code with the shop's offers, for the modules that price and describe lines (cart, orders). */
export async function findProductsByCodes(db: Executor, shopId: number, codes: readonly string[]): Promise<ProductRecord[]> {
  if (codes.length === 0) return [];
  const rows = await productsByCodes(db, { shopId, codes: [...codes], today: promotionDay() });
  return rows.map((r) => withOnSale(r as OfferRecordRow));
}

const CATEGORY_COLUMN = { 1: 'p.cat1_id', 2: 'p.cat2_id', 3: 'p.cat3_id', 4: 'p.cat4_id' } as const;

/** A page of a category's products (its whole subtree) on the shop's shelf, most popular first. */
export async function listProductsInCategory(
  db: Executor,
  shopId: number,
  category: { id: number; level: number },
  offset: number,
  limit: number,
): Promise<ProductRecord[]> {
  const column = CATEGORY_COLUMN[category.level as 1 | 2 | 3 | 4];
  const rows = await productRecords(db, shopId, { full: false, sold: true })
    .where(column, '=', category.id)
    .orderBy('p.rank')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => withOnSale(r as OfferRecordRow));
}

/** The shop's promotions running on `today` (the pharmacy's day), most popular first. */
export async function listPromotions(db: Executor, shopId: number, offset: number, limit: number, today = promotionDay()): Promise<ProductRecord[]> {
  const rows = await productRecords(db, shopId, { full: false, sold: true, today })
    .where(promotionRunning(today))
    .orderBy('p.rank')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => withOnSale(r as OfferRecordRow));
}

export async function countPromotions(db: Executor, shopId: number, today = promotionDay()): Promise<number> {
  const row = await db
    .selectFrom('product_offers as o')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('o.shop_id', '=', shopId)
    .where('o.on_sale', '=', 1)
    .where(promotionRunning(today))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// --- Categories ----------------------------------------------------------------------------------

export type { CategoryWithChildren } from './catalogue.table.js';

/**
 * Categories as shop `shopId` shows them: `tot_prodotti` is the shop's (its offers on sale in the
 * subtree, 0 when it sells none of them), not the master's.
 */
function shopCategories(db: Executor, shopId: number) {
  return db
    .selectFrom('categories as c')
    .leftJoin('shop_category_totals as t', (join) => join.onRef('t.category_id', '=', 'c.id').on('t.shop_id', '=', shopId))
    .select(['c.id', 'c.parent_id', 'c.level', 'c.slug', 'c.path', 'c.name', 'c.hero_title', 'c.description', 'c.position', 'c.last_update'])
    .select((eb) => [
      eb.fn.coalesce('t.tot_prodotti', eb.lit(0)).as('tot_prodotti'),
      eb
        .exists(eb.selectFrom('categories as ch').select('ch.id').whereRef('ch.parent_id', '=', 'c.id'))
        .$castTo<number>()
        .as('has_children'),
    ])
    .orderBy('c.position')
    .orderBy('c.name');
}

// A category page and a category tree read their categories in one statement each (issue 18
// "Scale": with a shop's totals, the chain, the children and the totals were three round trips).
// Pipelined on PostgreSQL (decision 0612): a category tree is a busy public read.
const chainOfShop = preparedQuery((db, v: { shopId: number; paths: string[] }) => shopCategories(db, v.shopId).where('c.path', 'in', v.paths), {
  pipelined: true,
});
const treeOfShop = preparedQuery(
  (db, v: { shopId: number; paths: string[]; parent: string }) =>
    shopCategories(db, v.shopId).where((eb) =>
      eb.or([eb('c.path', 'in', v.paths), eb('c.parent_id', '=', eb.selectFrom('categories as p').select('p.id').where('p.path', '=', v.parent))]),
    ),
  { pipelined: true },
);
const topOfShop = preparedQuery((db, v: { shopId: number }) => shopCategories(db, v.shopId).where('c.parent_id', 'is', null), { pipelined: true });

/**
 * The categories at `paths` (slug paths from level 1, 'farmaci-da-banco/dolore-e-febbre'), in
 * that order (undefined where none), with `children` the children of the last one — of the root
 * when `paths` is empty — in display order; totals as shop `shopId` shows them.
 */
export async function findShopCategories(
  db: Executor,
  shopId: number,
  paths: readonly string[],
  children: boolean,
): Promise<{ chain: (CategoryWithChildren | undefined)[]; children: CategoryWithChildren[] }> {
  const rows = (
    paths.length === 0
      ? children
        ? await topOfShop(db, { shopId })
        : []
      : children
        ? await treeOfShop(db, { shopId, paths: [...paths], parent: paths.at(-1) as string })
        : await chainOfShop(db, { shopId, paths: [...paths] })
  ).map((r) => ({ ...r, tot_prodotti: Number(r.tot_prodotti) }) as CategoryWithChildren);
  const byPath = new Map(rows.map((r) => [r.path, r]));
  const inChain = new Set(paths);
  return { chain: paths.map((p) => byPath.get(p)), children: children ? rows.filter((r) => !inChain.has(r.path)) : [] };
}

export async function listAllCategories(db: Executor): Promise<CategoryRow[]> {
  return db.selectFrom('categories').selectAll().orderBy('level').orderBy('position').execute();
}

export async function insertCategory(db: Executor, row: Omit<CategoryRow, 'id' | 'tot_prodotti'>): Promise<number> {
  const inserted = await db.insertInto('categories').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Sets every category's `tot_prodotti` to the products of its subtree, and `last_update` where
 * the count moved. One statement per level; each count is an index range (cat<level>_id, rank).
 */
export async function refreshCategoryTotals(db: Executor, now: string): Promise<void> {
  for (const level of [1, 2, 3, 4] as const) {
    const count = sql<number>`(select count(*) from products p where ${sql.ref(`p.cat${level}_id`)} = categories.id)`;
    await db
      .updateTable('categories')
      .set({ tot_prodotti: count, last_update: now })
      .where('level', '=', level)
      .where('tot_prodotti', '<>', count)
      .execute();
  }
}

/** Recounts shops' `tot_prodotti` (their products on sale in each subtree): one statement per level. */
export async function refreshShopCategoryTotals(db: Executor, shopIds: readonly number[]): Promise<void> {
  if (shopIds.length === 0) return;
  await db.deleteFrom('shop_category_totals').where('shop_id', 'in', [...shopIds]).execute();
  for (const level of [1, 2, 3, 4] as const) {
    const column = sql.ref(`p.cat${level}_id`);
    await sql`insert into shop_category_totals (shop_id, category_id, tot_prodotti)
      select o.shop_id, ${column}, count(*)
      from product_offers o join products p on p.id = o.product_id
      where o.shop_id in (${sql.join(shopIds)}) and o.on_sale = 1 and ${column} is not null
      group by o.shop_id, ${column}`.execute(db);
  }
}

// --- Products: writes ------------------------------------------------------------------------------

export async function findProductRowsByCodes(db: Executor, codes: readonly string[]): Promise<ProductRow[]> {
  if (codes.length === 0) return [];
  return db.selectFrom('products').selectAll().where('codice_ministeriale', 'in', [...codes]).execute();
}

/** The code of the product with this AIC or EAN-13 (issue 20); the most popular when an EAN repeats. */
export async function findProductCodeByScannedCode(db: Executor, code: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('products')
    .select('codice_ministeriale')
    .where((eb) => (code.length === 9 ? eb('codice_ministeriale', '=', code) : eb('ean', '=', code)))
    .orderBy('rank')
    .limit(1)
    .executeTakeFirst();
  return row?.codice_ministeriale;
}

export async function maxRank(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max<number | null>('rank').as('rank'))
    .executeTakeFirst();
  return Number(row?.rank ?? 0);
}

/** A product's names and descriptions: what the import writes and what a pharmacist's edit may change. */
export const PRODUCT_TEXT_COLUMNS = [
  'nome_prodotto',
  'descrizione',
  'descrizione_ditta_1_produttrice',
  'descrizione_atc',
  'descrizione_estesa_degrassi',
  'descrizione_pricipio_attivo',
] as const satisfies readonly (keyof NewProductRow)[];

const PRODUCT_COLUMNS = [
  'codice_ministeriale',
  ...PRODUCT_TEXT_COLUMNS,
  'category_id',
  'cat1_id',
  'cat2_id',
  'cat3_id',
  'cat4_id',
  'price_cents',
  'list_price_cents',
  'stock',
  'image',
  'prescription_only',
  'sop_otc',
  'medicine',
  'promo',
  'promo_start',
  'promo_end',
  'ean',
  'rank',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof NewProductRow)[];

/** Inserts a batch of complete product rows as one multi-row statement (compiled by hand: `insertRows`). */
export async function insertProducts(db: Executor, rows: readonly NewProductRow[]): Promise<void> {
  await insertRows(db, 'products', PRODUCT_COLUMNS, rows, (row, column) => row[column] ?? null);
}

export async function updateProduct(
  db: Executor,
  code: string,
  changes: Partial<Omit<NewProductRow, 'codice_ministeriale' | 'rank' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('products').set(changes).where('codice_ministeriale', '=', code).execute();
}

export async function deleteProduct(db: Executor, code: string): Promise<boolean> {
  const result = await db.deleteFrom('products').where('codice_ministeriale', '=', code).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// --- Offers: writes --------------------------------------------------------------------------------

/** The shops' offers of these products (by product id). */
export async function findOffers(db: Executor, shopIds: readonly number[], productIds: readonly number[]): Promise<ProductOfferRow[]> {
  if (shopIds.length === 0 || productIds.length === 0) return [];
  return db
    .selectFrom('product_offers')
    .selectAll()
    .where('shop_id', 'in', [...shopIds])
    .where('product_id', 'in', [...productIds])
    .execute();
}

/** Inserts or replaces whole offer rows (one statement per call). */
export async function upsertOffers(db: Executor, rows: readonly ProductOfferRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('product_offers')
    .values([...rows])
    .onConflict((oc) =>
      oc.columns(['shop_id', 'product_id']).doUpdateSet((eb) => ({
        price_cents: eb.ref('excluded.price_cents'),
        list_price_cents: eb.ref('excluded.list_price_cents'),
        stock: eb.ref('excluded.stock'),
        promo: eb.ref('excluded.promo'),
        promo_start: eb.ref('excluded.promo_start'),
        promo_end: eb.ref('excluded.promo_end'),
        on_sale: eb.ref('excluded.on_sale'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** Whether a shop other than `shopId` has an offer of the product (then only an admin edits its master, decision 0542). */
export async function offeredByAnotherShop(db: Executor, shopId: number, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('product_offers as o')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .select('o.shop_id')
    .where('p.codice_ministeriale', '=', code)
    .where('o.shop_id', '<>', shopId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Of these product codes, those a shop outside `shopIds` has an offer of (their master is shared). */
export async function codesOfferedElsewhere(db: Executor, shopIds: readonly number[], codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  let query = db
    .selectFrom('product_offers as o')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .select('p.codice_ministeriale')
    .distinct()
    .where('p.codice_ministeriale', 'in', [...codes]);
  if (shopIds.length > 0) query = query.where('o.shop_id', 'not in', [...shopIds]);
  return new Set((await query.execute()).map((r) => r.codice_ministeriale));
}

/** Every shop of the installation, oldest first (the first is the default one). */
export async function listShopIds(db: Executor): Promise<number[]> {
  return (await db.selectFrom('shops').select('id').orderBy('id').execute()).map((r) => r.id);
}
