import { engineOf, nowIso } from '../../db/column.js';
import type { Db } from '../../db/database.js';
import { deferIndexing, indexProductsFrom } from '../../search/sqlite-index.js';
import type { CatalogueProductInput, CategoryNodeInput } from './catalogue-input.js';
import { slugify } from './catalogue-input.js';
import * as repo from './catalogue.repository.js';
import { priceStateChanged, recordOfferStates } from './offer-price-history.js';
import type { NewProductRow, ProductOfferRow, ProductRow } from './catalogue.table.js';

/**
 * Writes to the catalogue (seed, import, later the back office): categories created on demand
 * from their names, products upserted by ministerial code in one transaction, category totals
 * refreshed at the end. The search index follows by itself (triggers on SQLite, generated
 * columns on PostgreSQL), so nothing here knows about it (decision 0163).
 */

export interface WriteSummary {
  inserted: number;
  updated: number;
  unchanged: number;
}

/** Rows are read and inserted in batches this big (bounded by SQLite's 32,766 parameters). */
const BATCH = 400;

export type Tx = Parameters<Parameters<ReturnType<Db['transaction']>['execute']>[0]>[0];

/** Category ids along a path: the leaf and the ancestor at each level (null below its depth). */
interface ResolvedCategory {
  leaf: number | null;
  levels: [number | null, number | null, number | null, number | null];
}

const NO_CATEGORY: ResolvedCategory = { leaf: null, levels: [null, null, null, null] };

/** Resolves category name paths to ids, creating the missing categories. */
class CategoryResolver {
  private readonly byPath = new Map<string, number>();
  private readonly nextPosition = new Map<number | null, number>();

  private constructor(private readonly tx: Tx) {}

  static async load(tx: Tx): Promise<CategoryResolver> {
    const resolver = new CategoryResolver(tx);
    for (const c of await repo.listAllCategories(tx)) {
      resolver.byPath.set(c.path, c.id);
      resolver.nextPosition.set(c.parent_id, Math.max(resolver.nextPosition.get(c.parent_id) ?? 0, c.position + 1));
    }
    return resolver;
  }

  async resolve(names: readonly string[], texts?: { hero_title?: string; description?: string }): Promise<ResolvedCategory> {
    if (names.length === 0) return NO_CATEGORY;
    const levels: ResolvedCategory['levels'] = [null, null, null, null];
    let parent: number | null = null;
    let path = '';
    for (const [i, name] of names.slice(0, 4).entries()) {
      path = path === '' ? slugify(name) : `${path}/${slugify(name)}`;
      let id = this.byPath.get(path);
      if (id === undefined) {
        const position = this.nextPosition.get(parent) ?? 0;
        this.nextPosition.set(parent, position + 1);
        const last = i === names.length - 1;
        id = await repo.insertCategory(this.tx, {
          parent_id: parent,
          level: i + 1,
          slug: slugify(name),
          path,
          name: name.trim(),
          hero_title: (last ? texts?.hero_title : undefined) ?? name.trim(),
          description: (last ? texts?.description : undefined) ?? null,
          position,
          last_update: nowIso(),
        });
        this.byPath.set(path, id);
      }
      levels[i] = id;
      parent = id;
    }
    return { leaf: parent, levels };
  }
}

const CATEGORY_COLUMNS = ['cat1_id', 'cat2_id', 'cat3_id', 'cat4_id'] as const;

/** Creates a category tree (the demo's), keeping its order; existing categories are left alone. */
export async function createCategoryTree(db: Db, tree: readonly CategoryNodeInput[]): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const resolver = await CategoryResolver.load(tx);
    const walk = async (nodes: readonly CategoryNodeInput[], names: string[]) => {
      for (const node of nodes) {
        const path = [...names, node.name];
        await resolver.resolve(path, {
          hero_title: node.hero_title ?? node.name,
          ...(node.description ? { description: node.description } : {}),
        });
        await walk(node.children ?? [], path);
      }
    };
    await walk(tree, []);
  });
}

/** The master columns an input sets (only the fields it gives), category ids resolved; offer fields are not here. */
function columnsOf(input: CatalogueProductInput, category: ResolvedCategory | undefined) {
  const columns: Partial<NewProductRow> = { nome_prodotto: input.nome_prodotto };
  const copy = <K extends keyof NewProductRow & keyof CatalogueProductInput>(key: K) => {
    if (input[key] !== undefined) (columns as Record<string, unknown>)[key] = input[key];
  };
  copy('descrizione');
  copy('descrizione_ditta_1_produttrice');
  copy('descrizione_atc');
  copy('descrizione_estesa_degrassi');
  copy('descrizione_pricipio_attivo');
  copy('image');
  copy('ean');
  for (const flag of ['prescription_only', 'sop_otc', 'medicine'] as const) {
    if (input[flag] !== undefined) columns[flag] = input[flag] ? 1 : 0;
  }
  if (category) {
    columns.category_id = category.leaf;
    [columns.cat1_id, columns.cat2_id, columns.cat3_id, columns.cat4_id] = category.levels;
  }
  return columns;
}

/** A shop's offer as the input sets it over the stored one (a field not given keeps its value; new: the defaults). */
function offerOf(input: CatalogueProductInput, stored: ProductOfferRow | undefined, key: { shop_id: number; product_id: number }, now: string): ProductOfferRow {
  const flag = (given: boolean | undefined, kept: number | undefined, fallback: number) =>
    given === undefined ? (kept ?? fallback) : given ? 1 : 0;
  return {
    ...key,
    price_cents: input.price_cents,
    list_price_cents: input.list_price_cents !== undefined ? input.list_price_cents : (stored?.list_price_cents ?? null),
    stock: input.stock ?? stored?.stock ?? 0,
    promo: flag(input.promo, stored?.promo, 0),
    // The shop's promotion period (migration 0131): a field not given keeps the stored day.
    promo_start: input.promo_start !== undefined ? input.promo_start : (stored?.promo_start ?? null),
    promo_end: input.promo_end !== undefined ? input.promo_end : (stored?.promo_end ?? null),
    on_sale: flag(input.on_sale, stored?.on_sale, 1),
    updated_at: now,
  };
}

const sameOffer = (a: ProductOfferRow, b: ProductOfferRow) =>
  a.price_cents === b.price_cents &&
  a.list_price_cents === b.list_price_cents &&
  a.stock === b.stock &&
  a.promo === b.promo &&
  a.promo_start === b.promo_start &&
  a.promo_end === b.promo_end &&
  a.on_sale === b.on_sale;

/** The columns of `wanted` whose value differs from the stored row. */
function changedColumns(row: ProductRow, wanted: Partial<NewProductRow>): Partial<NewProductRow> {
  const changes: Partial<NewProductRow> = {};
  for (const [key, value] of Object.entries(wanted)) {
    if ((row as unknown as Record<string, unknown>)[key] !== value) (changes as Record<string, unknown>)[key] = value;
  }
  return changes;
}

/**
 * Upserts products by ministerial code in one transaction: new codes are inserted after the
 * least popular product (in input order), known codes are updated only where a field differs,
 * so writing the same data twice changes nothing. Inputs are assumed valid and codes unique.
 */
export async function writeProducts(
  db: Db,
  inputs: readonly CatalogueProductInput[],
  options: WriteOptions = {},
): Promise<WriteSummary> {
  if (inputs.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  return db.transaction().execute((tx) => writeProductsIn(tx, inputs, options));
}

export interface WriteOptions {
  /**
   * Refresh the category totals after the write (default). A caller writing a file in several
   * transactions refreshes once at the end instead ({@link refreshCategoryTotals}).
   */
  refreshTotals?: boolean;
  /**
   * The shops whose offers take the input's price, list price, stock, promotion and on-sale flag
   * (issue 18). Default: every shop of the installation (the demo seed, tests, one-shop installs).
   */
  shopIds?: readonly number[];
  /**
   * Leave the master of a product that a shop outside `shopIds` also sells as it is (a
   * pharmacist's upload, decision 0542): only its offers are written.
   */
  keepSharedMaster?: boolean;
}

/**
 * {@link writeProducts} inside a transaction the caller holds, so a change and its audit entry
 * (back office) commit together.
 */
export async function writeProductsIn(tx: Tx, inputs: readonly CatalogueProductInput[], options: WriteOptions = {}): Promise<WriteSummary> {
  const summary: WriteSummary = { inserted: 0, updated: 0, unchanged: 0 };
  if (inputs.length === 0) return summary;
  const resolver = await CategoryResolver.load(tx);
  const categories = new Map<string, ResolvedCategory>();
  for (const input of inputs) {
    if (input.categorie === undefined) continue;
    const key = input.categorie.join('\u0000');
    if (!categories.has(key)) categories.set(key, await resolver.resolve(input.categorie));
  }
  const shopIds = options.shopIds ?? (await repo.listShopIds(tx));
  const firstNewRank = (await repo.maxRank(tx)) + 1;
  let nextRank = firstNewRank;
  const now = nowIso();
  // SQLite: index the new products in one statement at the end instead of a trigger per row.
  const sqlite = engineOf(tx) === 'sqlite';
  if (sqlite) await deferIndexing(tx);
  // What the category totals count moved: a product added or put in other categories (the
  // master's and the shops'), an offer added, removed or put on or off sale (the shops'). A price
  // or stock change moves neither: recounting 250,000 products and a shop's 20,000 offers on every
  // back-office price edit held its commit back for hundreds of milliseconds (issue 18 "Scale").
  let categoriesMoved = false;
  let shelvesMoved = false;
  for (let start = 0; start < inputs.length; start += BATCH) {
    const batch = inputs.slice(start, start + BATCH);
    const existing = new Map(
      (await repo.findProductRowsByCodes(tx, batch.map((i) => i.codice_ministeriale))).map((r) => [r.codice_ministeriale, r]),
    );
    const fresh: NewProductRow[] = [];
    const masterChanged = new Set<string>();
    const shared = options.keepSharedMaster ? await repo.codesOfferedElsewhere(tx, shopIds, [...existing.keys()]) : new Set<string>();
    for (const input of batch) {
      const category = input.categorie === undefined ? undefined : categories.get(input.categorie.join('\u0000'));
      const columns = columnsOf(input, category);
      const row = existing.get(input.codice_ministeriale);
      if (!row) {
        // The offer columns also go on the master once, as the values it was first listed with
        // (a reference no customer reads, decision 0540).
        fresh.push({
          codice_ministeriale: input.codice_ministeriale,
          descrizione: null,
          descrizione_ditta_1_produttrice: null,
          descrizione_atc: null,
          descrizione_estesa_degrassi: null,
          descrizione_pricipio_attivo: null,
          category_id: null,
          cat1_id: null,
          cat2_id: null,
          cat3_id: null,
          cat4_id: null,
          image: null,
          prescription_only: 0,
          sop_otc: 0,
          medicine: 0,
          ...columns,
          list_price_cents: input.list_price_cents ?? null,
          stock: input.stock ?? 0,
          promo: input.promo ? 1 : 0,
          promo_start: input.promo_start ?? null,
          promo_end: input.promo_end ?? null,
          nome_prodotto: input.nome_prodotto,
          price_cents: input.price_cents,
          rank: nextRank++,
          created_at: now,
          updated_at: now,
        });
        continue;
      }
      const changes = shared.has(input.codice_ministeriale) ? {} : changedColumns(row, columns);
      if (Object.keys(changes).length > 0) {
        await repo.updateProduct(tx, input.codice_ministeriale, { ...changes, updated_at: now });
        masterChanged.add(input.codice_ministeriale);
        if (CATEGORY_COLUMNS.some((c) => c in changes)) categoriesMoved = true;
      }
    }
    await repo.insertProducts(tx, fresh);
    if (fresh.length > 0) categoriesMoved = true;
    const { changed: offersChanged, shelfMoved } = await writeOffers(tx, batch, shopIds, now);
    if (shelfMoved) shelvesMoved = true;
    for (const input of batch) {
      if (!existing.has(input.codice_ministeriale)) summary.inserted++;
      else if (masterChanged.has(input.codice_ministeriale) || offersChanged.has(input.codice_ministeriale)) summary.updated++;
      else summary.unchanged++;
    }
  }
  if (sqlite) await indexProductsFrom(tx, firstNewRank);
  if (options.refreshTotals !== false) {
    if (categoriesMoved) await repo.refreshCategoryTotals(tx, now);
    if (categoriesMoved || shelvesMoved) await repo.refreshShopCategoryTotals(tx, shopIds);
  }
  return summary;
}

/**
 * Writes the batch's offers of every shop in `shopIds`; answers the codes whose offer of some shop
 * changed, and whether an offer went on or off a shop's shelf (added on sale, or its flag moved).
 */
async function writeOffers(
  tx: Tx,
  batch: readonly CatalogueProductInput[],
  shopIds: readonly number[],
  now: string,
): Promise<{ changed: Set<string>; shelfMoved: boolean }> {
  const changed = new Set<string>();
  let shelfMoved = false;
  if (shopIds.length === 0) return { changed, shelfMoved };
  const ids = new Map((await repo.findProductRowsByCodes(tx, batch.map((i) => i.codice_ministeriale))).map((r) => [r.codice_ministeriale, r.id]));
  const stored = new Map(
    (await repo.findOffers(tx, shopIds, [...ids.values()])).map((o) => [`${o.shop_id}:${o.product_id}`, o]),
  );
  const rows: ProductOfferRow[] = [];
  // What the offers sell at from now: the shop's price history (decision 0701).
  const priced: ProductOfferRow[] = [];
  for (const input of batch) {
    const productId = ids.get(input.codice_ministeriale) as number;
    for (const shopId of shopIds) {
      const before = stored.get(`${shopId}:${productId}`);
      const offer = offerOf(input, before, { shop_id: shopId, product_id: productId }, now);
      if (before && sameOffer(before, offer)) continue;
      if ((before?.on_sale ?? 0) !== offer.on_sale) shelfMoved = true;
      rows.push(offer);
      if (priceStateChanged(before, offer)) priced.push(offer);
      changed.add(input.codice_ministeriale);
    }
  }
  // Bounded like the product batches (10 parameters a row).
  for (let start = 0; start < rows.length; start += 2000) await repo.upsertOffers(tx, rows.slice(start, start + 2000));
  await recordOfferStates(tx, priced, now);
  return { changed, shelfMoved };
}

/** Recounts every category's products, and the shops' (after writes made with `refreshTotals: false`). */
export async function refreshCategoryTotals(db: Db, shopIds?: readonly number[]): Promise<void> {
  await repo.refreshCategoryTotals(db, nowIso());
  await repo.refreshShopCategoryTotals(db, shopIds ?? (await repo.listShopIds(db)));
}
