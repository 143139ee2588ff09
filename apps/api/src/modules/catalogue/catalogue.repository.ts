import { promotionDay } from '@farmacia/contract';
import { CompiledQuery, type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import { engineOf } from '../../db/column.js';
import type { Database } from '../../db/schema.js';
import type { CategoryRow, NewProductRow, ProductRecord, ProductRow } from './catalogue.table.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Decision 0530, the contract's `isPromotionRunning` in SQL: `promo` on and the pharmacy's `today`
 * inside the period (null = open). ISO days compare as text on both engines.
 */
function promotionRunning(eb: ExpressionBuilder<ProductsAs, 'p'>, today: string) {
  return eb.and([
    eb('p.promo', '=', 1),
    eb.or([eb('p.promo_start', 'is', null), eb('p.promo_start', '<=', today)]),
    eb.or([eb('p.promo_end', 'is', null), eb('p.promo_end', '>=', today)]),
  ]);
}

type ProductsAs = Database & { p: Database['products'] };

/**
 * Product columns of a ProductRecord; `full` adds the two long texts (product page). With `today`
 * (the public reads, cart and orders) `promo` and `price_cents` are what applies that day: outside
 * its period a promotion is off and the product sells at its full price (`list_price_cents`).
 * Without it (the back office) they are the stored values.
 */
function productRecords(db: Executor, full: boolean, today: string | null = promotionDay()) {
  const query = db
    .selectFrom('products as p')
    .leftJoin('categories as c1', 'c1.id', 'p.cat1_id')
    .leftJoin('categories as c2', 'c2.id', 'p.cat2_id')
    .leftJoin('categories as c3', 'c3.id', 'p.cat3_id')
    .leftJoin('categories as c4', 'c4.id', 'p.cat4_id')
    .select([
      'p.codice_ministeriale',
      'p.nome_prodotto',
      'p.descrizione_ditta_1_produttrice',
      'p.descrizione_atc',
      'p.descrizione_pricipio_attivo',
      'p.list_price_cents',
      'p.stock',
      'p.image',
      'p.prescription_only',
      'p.sop_otc',
      'p.promo_start',
      'p.promo_end',
      'p.rank',
      'p.updated_at',
      'c1.name as cat1_name',
      'c1.slug as cat1_slug',
      'c2.name as cat2_name',
      'c2.slug as cat2_slug',
      'c3.name as cat3_name',
      'c3.slug as cat3_slug',
      'c4.name as cat4_name',
      'c4.slug as cat4_slug',
    ])
    .select((eb) =>
      today === null
        ? ['p.promo', 'p.price_cents']
        : [
            eb.case().when(promotionRunning(eb, today)).then(1).else(0).end().as('promo'),
            eb
              .case()
              .when(eb.and([eb('p.promo', '=', 1), eb.not(promotionRunning(eb, today)), eb('p.list_price_cents', 'is not', null)]))
              .then(eb.ref('p.list_price_cents'))
              .else(eb.ref('p.price_cents'))
              .end()
              .$castTo<number>()
              .as('price_cents'),
          ],
    );
  return full ? query.select(['p.descrizione', 'p.descrizione_estesa_degrassi']) : query;
}

export async function findProductByCode(db: Executor, code: string): Promise<ProductRecord | undefined> {
  return productRecords(db, true).where('p.codice_ministeriale', '=', code).executeTakeFirst();
}

/** A product as stored (promotion flag and price as set, whatever the day): the back office's view. */
export async function findStoredProductByCode(db: Executor, code: string): Promise<ProductRecord | undefined> {
  return productRecords(db, true, null).where('p.codice_ministeriale', '=', code).executeTakeFirst();
}

/** Products by code, for other modules (cart, orders) that price and describe lines. */
export async function findProductsByCodes(db: Executor, codes: readonly string[]): Promise<ProductRecord[]> {
  if (codes.length === 0) return [];
  return productRecords(db, false).where('p.codice_ministeriale', 'in', [...codes]).execute();
}

const CATEGORY_COLUMN = { 1: 'p.cat1_id', 2: 'p.cat2_id', 3: 'p.cat3_id', 4: 'p.cat4_id' } as const;

/** A page of a category's products (its whole subtree), most popular first. */
export async function listProductsInCategory(
  db: Executor,
  category: { id: number; level: number },
  offset: number,
  limit: number,
): Promise<ProductRecord[]> {
  const column = CATEGORY_COLUMN[category.level as 1 | 2 | 3 | 4];
  return productRecords(db, false)
    .where(column, '=', category.id)
    .orderBy('p.rank')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The promotions running on `today` (the pharmacy's day), most popular first. */
export async function listPromotions(db: Executor, offset: number, limit: number, today = promotionDay()): Promise<ProductRecord[]> {
  return productRecords(db, false, today)
    .where((eb) => promotionRunning(eb, today))
    .orderBy('p.rank')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countPromotions(db: Executor, today = promotionDay()): Promise<number> {
  const row = await db
    .selectFrom('products as p')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => promotionRunning(eb, today))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// --- Categories ----------------------------------------------------------------------------------

export type CategoryWithChildren = CategoryRow & { has_children: number };

function categoriesWithChildren(db: Executor) {
  return db
    .selectFrom('categories as c')
    .selectAll('c')
    .select((eb) =>
      eb
        .exists(eb.selectFrom('categories as ch').select('ch.id').whereRef('ch.parent_id', '=', 'c.id'))
        .$castTo<number>()
        .as('has_children'),
    );
}

/** Categories by their slug paths ('farmaci-da-banco/dolore-e-febbre'). */
export async function findCategoriesByPaths(db: Executor, paths: readonly string[]): Promise<CategoryWithChildren[]> {
  if (paths.length === 0) return [];
  return categoriesWithChildren(db).where('c.path', 'in', [...paths]).execute();
}

/** The children of a category (null = the level-1 categories), in display order. */
export async function listChildCategories(db: Executor, parentId: number | null): Promise<CategoryWithChildren[]> {
  const query = categoriesWithChildren(db).orderBy('c.position').orderBy('c.name');
  return (parentId === null ? query.where('c.parent_id', 'is', null) : query.where('c.parent_id', '=', parentId)).execute();
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

const PRODUCT_COLUMNS = [
  'codice_ministeriale',
  'nome_prodotto',
  'descrizione',
  'descrizione_ditta_1_produttrice',
  'descrizione_atc',
  'descrizione_estesa_degrassi',
  'descrizione_pricipio_attivo',
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
  'promo',
  'promo_start',
  'promo_end',
  'ean',
  'rank',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof NewProductRow)[];

/**
 * Inserts a batch of complete product rows as one multi-row statement. Compiled by hand: the
 * query builder spends longer on a 400-row VALUES list than the database spends inserting it.
 */
export async function insertProducts(db: Executor, rows: readonly NewProductRow[]): Promise<void> {
  if (rows.length === 0) return;
  const postgres = engineOf(db) === 'postgres';
  const params: unknown[] = [];
  const tuples = rows.map((row) => {
    const marks = PRODUCT_COLUMNS.map((column) => {
      params.push(row[column] ?? null);
      return postgres ? `$${params.length}` : '?';
    });
    return `(${marks.join(',')})`;
  });
  await db.executeQuery(
    CompiledQuery.raw(`insert into products (${PRODUCT_COLUMNS.join(',')}) values ${tuples.join(',')}`, params),
  );
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
