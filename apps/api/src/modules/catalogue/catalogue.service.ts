import {
  CATEGORY_NOT_FOUND_MESSAGE,
  type Category,
  type CategoryQuery,
  type CategoryRef,
  type CategoryResponse,
  categoryPathOf,
  centsToEuro,
  ErrorCode,
  isSearchable,
  messages,
  ministerialCodeParam,
  promotionDay,
  type Product,
  type ProductHit,
  type ProductLookupResponse,
  type ProductPictureWidth,
  type PromotionsQuery,
  type PromotionsResponse,
  type SearchByCategoryQuery,
  type SearchByCategoryResponse,
  type SearchHit,
  type SearchQuery,
  type SearchResponse,
} from '@farmacia/contract';
import type { Db } from '../../db/database.js';
import { KeptReads } from '../../db/kept-reads.js';
import { perDatabase } from '../../db/per-database.js';
import { PollPassLook } from '../../db/poll-pass-look.js';
import { AppError } from '../../errors.js';
import type { HitParts, ProductSearch, RenderedHit, SearchOutcome } from '../../search/product-search.js';
import * as repo from './catalogue.repository.js';
import type { CategoryWithChildren } from './catalogue.repository.js';
import type { ProductRecord } from './catalogue.table.js';
import type { ProductImage, ProductImages } from './product-image.js';

/** The image of a product as the app loads it (served by the image route, decision 0168). */
export const productImageUrl = (code: string) => `/api/product/${code}/image`;

export const productNotFound = () =>
  new AppError('PRODUCT_NOT_FOUND', messages.catalogue.productNotFound, { kind: ErrorCode.NOT_FOUND });
export const categoryNotFound = () =>
  new AppError('CATEGORY_NOT_FOUND', CATEGORY_NOT_FOUND_MESSAGE, { kind: ErrorCode.NOT_FOUND });

/**
 * A hit's categories from level 1 down to the first level it has none. Level by level, not over a
 * list of [name, slug] pairs: every hit rendered made that list, its four pairs and an iterator
 * (~2.8 KB of young generation a request of the offers mix, issue 18).
 */
function categoryPath(r: ProductRecord): CategoryRef[] {
  const path: CategoryRef[] = [];
  if (r.cat1_name === null || r.cat1_slug === null) return path;
  path.push({ level: 1, name: r.cat1_name, slug: r.cat1_slug });
  if (r.cat2_name === null || r.cat2_slug === null) return path;
  path.push({ level: 2, name: r.cat2_name, slug: r.cat2_slug });
  if (r.cat3_name === null || r.cat3_slug === null) return path;
  path.push({ level: 3, name: r.cat3_name, slug: r.cat3_slug });
  if (r.cat4_name === null || r.cat4_slug === null) return path;
  path.push({ level: 4, name: r.cat4_name, slug: r.cat4_slug });
  return path;
}

/** Euro of a stored amount: integer cents divide exactly; anything else is rounded to the cent. */
const euro = (cents: number) => (Number.isInteger(cents) ? cents / 100 : centsToEuro(cents));

/** The struck-through price: it only means something while the promotion runs and is higher. */
const fullPrice = (r: ProductRecord) =>
  r.promo === 1 && r.list_price_cents !== null && r.list_price_cents > r.price_cents ? euro(r.list_price_cents) : null;

/**
 * The fields of a hit that are the shop's offer (issue 18), not the master's: what a kept
 * product half of a search hit leaves out (decision 0604). toProductHit writes them from here.
 */
type HitOffer = Pick<ProductHit, 'prezzo' | 'prezzo_pieno' | 'quantita' | 'promo'>;
const hitOffer = (r: ProductRecord): HitOffer => ({ prezzo: euro(r.price_cents), prezzo_pieno: fullPrice(r), quantita: r.stock, promo: r.promo === 1 });

/** A product record as a search or category hit (euro, booleans, category path, image URL). */
export function toProductHit(r: ProductRecord): ProductHit {
  return productHit(r, r.on_sale);
}

/**
 * The hit of a record of the shop's shelf (PostgreSQL's category pages and promotions): on sale, though
 * the search adapter's record does not say so. Given as an argument, not as a copy `{ ...r, on_sale: true }`:
 * a spread object given more properties outlives every scavenge (decisions 0638, 0649), ~1 KB a hit promoted.
 */
const shelfHit = (r: ProductRecord): ProductHit => productHit(r, true);

/** `onSale`: the hit's `in_vendita` (issue 18), left out when not known. */
function productHit(r: ProductRecord, onSale: boolean | undefined): ProductHit {
  const offer = hitOffer(r);
  return {
    codice_ministeriale: r.codice_ministeriale,
    nome_prodotto: r.nome_prodotto,
    descrizione_ditta_1_produttrice: r.descrizione_ditta_1_produttrice,
    descrizione_atc: r.descrizione_atc,
    descrizione_pricipio_attivo: r.descrizione_pricipio_attivo,
    categoria1: r.cat1_name,
    categoria2: r.cat2_name,
    categoria1_slug: r.cat1_slug,
    categoria2_slug: r.cat2_slug,
    categorie: categoryPath(r),
    prezzo: offer.prezzo,
    prezzo_pieno: offer.prezzo_pieno,
    quantita: offer.quantita,
    immagine: productImageUrl(r.codice_ministeriale),
    prescription_only: r.prescription_only === 1,
    sop_otc: r.sop_otc === 1,
    promo: offer.promo,
    // Issue 18: known only where a record can be a product the shop does not sell. Undefined
    // elsewhere, which JSON leaves out as it left out the property spread in only when known.
    in_vendita: onSale,
  };
}

/**
 * The product page: the hit with the descriptions. Given to the hit, not spread with it into a
 * copy: the page is the hit's object with two properties more (~0.5 KB less a page, issue 18).
 */
export function toProduct(r: ProductRecord): Product {
  const product = toProductHit(r) as Product;
  product.descrizione = r.descrizione ?? null;
  product.descrizione_estesa_degrassi = r.descrizione_estesa_degrassi ?? null;
  return product;
}

/** A category row on the wire, given its ancestors from level 1 (itself excluded). */
function toCategory(row: CategoryWithChildren, ancestors: readonly CategoryWithChildren[]): Category {
  const chain = [...ancestors, row];
  const at = (level: number) => chain[level - 1];
  return {
    id: row.id,
    level: row.level,
    name: row.name,
    slug: row.slug,
    categoria_pf1: (at(1) as CategoryWithChildren).name,
    categoria_pf2: at(2)?.name ?? null,
    categoria_pf3: at(3)?.name ?? null,
    categoria_pf4: at(4)?.name ?? null,
    categoria1_slug: (at(1) as CategoryWithChildren).slug,
    categoria2_slug: at(2)?.slug ?? null,
    categoria3_slug: at(3)?.slug ?? null,
    categoria4_slug: at(4)?.slug ?? null,
    hero_title: row.hero_title,
    description: row.description,
    last_update: row.last_update,
    tot_prodotti: row.tot_prodotti,
    has_children: Boolean(row.has_children),
  };
}

/** The slug paths of a category's chain from level 1: ['a', 'b'] → ['a', 'a/b']. */
const pathsOf = (slugs: readonly string[]) => slugs.map((_, i) => slugs.slice(0, i + 1).join('/'));

const totPages = (total: number, perPage: number) => Math.ceil(total / perPage);

/** One search hit as the JSON of the contract's SearchHit. */
export const renderSearchHit = (r: ProductRecord): string =>
  JSON.stringify({ _id: r.codice_ministeriale, _source: toProductHit(r) } satisfies SearchHit);

/**
 * renderSearchHit in halves (decision 0604), both derived from it so neither can drift from it: the
 * product's half is the hit rendered with null for each offer field, cut after each of their keys
 * (a JSON string's quotes are escaped, so `"prezzo":` can only be the key) and around the `null`;
 * the offer's half is the offer fields' values as JSON, in the order toProductHit writes them.
 */
const BLANK_RECORD = { codice_ministeriale: '', price_cents: 0, list_price_cents: null, stock: 0, promo: 0 } as unknown as ProductRecord;
/** The offer's keys in the order toProductHit writes them (a blank record's hit says it). */
const HIT_OFFER_KEYS = Object.keys(toProductHit(BLANK_RECORD)).filter((key) => key in hitOffer(BLANK_RECORD)) as (keyof HitOffer)[];
const NO_OFFER = Object.fromEntries(HIT_OFFER_KEYS.map((key) => [key, null]));
/** Each offer key with its blank value as the product's half has them, and where its value starts in that text. */
const OFFER_MARKS = HIT_OFFER_KEYS.map((key) => ({ text: `"${key}":null`, value: key.length + 3 }));

export const SEARCH_HIT_PARTS: HitParts = {
  product(r) {
    // The offer's fields blanked on the hit itself (a fresh object, its keys kept in place), not on a spread copy of it.
    const hit = JSON.stringify({ _id: r.codice_ministeriale, _source: Object.assign(toProductHit(r), NO_OFFER) });
    const cuts = OFFER_MARKS.map((mark) => hit.indexOf(mark.text) + mark.value);
    const parts = [hit.slice(0, cuts[0])];
    for (let i = 0; i < cuts.length; i++) parts.push(hit.slice((cuts[i] as number) + 4, cuts[i + 1]));
    return parts;
  },
  offer(r) {
    const offer = hitOffer(r);
    // A loop, not a map over the keys: no closure per hit.
    const values = new Array<string>(HIT_OFFER_KEYS.length);
    for (let i = 0; i < values.length; i++) values[i] = JSON.stringify(offer[HIT_OFFER_KEYS[i] as keyof HitOffer]);
    return values;
  },
};

const EMPTY_SEARCH_BODY = Buffer.from(
  JSON.stringify({
    responses: [{ hits: { total: 0, total_relation: 'eq', hits: [] } }],
    totPages: 0,
    corrected_query: null,
  } satisfies SearchResponse),
);

/** Bytes carved out for answer bodies, one after the other; a new block when one is full. */
const BODY_BLOCK = 256 * 1024;
let bodyBlock = Buffer.allocUnsafeSlow(0);
let bodyBlockUsed = 0;

/**
 * Room for an answer body of `size` bytes: a piece of a shared 256 KB block, as Node's own buffer
 * pool does for buffers under 4 KB. A page of search hits is 5–15 KB, so `Buffer.allocUnsafe` gave
 * each answer a memory block of its own, allocated and later freed by the garbage collector (~2 %
 * of the search's main thread under load, issue 18). A block is freed once the last answer cut
 * from it has been written and dropped; nothing keeps a search body (the route sends it).
 */
function bodyBuffer(size: number): Buffer {
  if (size > BODY_BLOCK / 8) return Buffer.allocUnsafe(size);
  if (bodyBlockUsed + size > bodyBlock.length) {
    bodyBlock = Buffer.allocUnsafeSlow(BODY_BLOCK);
    bodyBlockUsed = 0;
  }
  const body = bodyBlock.subarray(bodyBlockUsed, bodyBlockUsed + size);
  // The next piece starts 8-aligned, as the pool's do.
  bodyBlockUsed = (bodyBlockUsed + size + 7) & ~7;
  return body;
}

/**
 * A JSON array between `head` and `tail`, written straight into one buffer as UTF-8; an item
 * given in halves (a {@link RenderedHit}) is written piece after piece. Joining the parts into a
 * string cost three copies of the body per request (the join, the flattening when Fastify
 * measures it, the UTF-8 copy when Node writes it), all in V8's young generation: a third of
 * everything the search route allocated (decision 0380).
 */
export function jsonArrayBody(head: string, items: readonly RenderedHit[], tail: string): Buffer {
  let size = Buffer.byteLength(head) + Buffer.byteLength(tail) + Math.max(0, items.length - 1);
  for (const item of items) {
    if (typeof item === 'string') size += Buffer.byteLength(item);
    else {
      for (const piece of item.product) size += Buffer.byteLength(piece);
      for (const piece of item.offer) size += Buffer.byteLength(piece);
    }
  }
  const body = bodyBuffer(size);
  let at = body.write(head, 0);
  for (let i = 0; i < items.length; i++) {
    if (i > 0) at = body.writeUInt8(0x2c, at); // ','
    const item = items[i] as RenderedHit;
    if (typeof item === 'string') at += body.write(item, at);
    else {
      at += body.write(item.product[0] as string, at);
      for (let j = 0; j < item.offer.length; j++) {
        at += body.write(item.offer[j] as string, at);
        at += body.write(item.product[j + 1] as string, at);
      }
    }
  }
  body.write(tail, at);
  return body;
}

/** A search's outcome as the UTF-8 JSON of a SearchResponse of `perPage` hits a page. */
function searchResponseBody(outcome: SearchOutcome, perPage: number): Buffer {
  return jsonArrayBody(
    `{"responses":[{"hits":{"total":${outcome.total},"total_relation":"${outcome.totalIsLowerBound ? 'gte' : 'eq'}","hits":[`,
    outcome.renderedHits ?? outcome.products.map(renderSearchHit),
    `]}}],"totPages":${totPages(outcome.total, perPage)},"corrected_query":${JSON.stringify(outcome.correctedQuery)}}`,
  );
}

/** Catalogue reads of spec §7 "Products": product page, search, categories, promotions. */
export class CatalogueService {
  /**
   * Product pages by shop and code (decision 0585): the product with its offer and four categories
   * is the public API's most expensive read, and changes only with a catalogue write — which moves
   * the pages version (migration 0135) — or with the day the promotions are judged on. ~1 KB each.
   */
  private readonly pages = new KeptReads<Product>(20_000);
  /**
   * The pages version a kept page is checked against, looked at once per pass of the event loop's
   * poll (decision 0677): on SQLite each look begins a read transaction (file locks, system calls), a
   * sixth of a kept page's CPU under load; on PostgreSQL it is a statement and a round trip (decision
   * 0683) — for an answer that is the same for the whole pass.
   */
  private readonly pagesVersionLook = new PollPassLook<Promise<string | undefined>>();

  constructor(
    private readonly db: Db,
    private readonly productSearch: ProductSearch,
    private readonly images: ProductImages,
  ) {}

  /** `width`: the width a drawn picture is drawn at (decision 0627). */
  async productImage(code: string, width?: ProductPictureWidth): Promise<ProductImage> {
    // The picture is the master's, the same in every shop: the default shop's read is enough.
    const record = ministerialCodeParam(code) ? await repo.findProductByCode(this.db, 0, code) : undefined;
    if (!record) throw productNotFound();
    return this.images.image(record, width);
  }

  /** The product code a scanned AIC or EAN-13 stands for (issue 20); 404 when no product has it. */
  async productCodeOf(code: string): Promise<ProductLookupResponse> {
    const found = await repo.findProductCodeByScannedCode(this.db, code);
    if (found === undefined) throw new AppError('PRODUCT_NOT_FOUND', messages.scan.byCodeNotFound, { kind: ErrorCode.NOT_FOUND });
    return { codice_ministeriale: found };
  }

  /** The master product with shop `shopId`'s offer; one the shop does not sell still opens (`in_vendita: false`). */
  async product(shopId: number, code: string): Promise<Product> {
    if (!ministerialCodeParam(code)) throw productNotFound();
    const key = `${shopId}/${code}`;
    const today = promotionDay();
    if (!this.pages.holds(key)) {
      // Nothing kept to check: the record and its version in one statement (issue 18: a statement
      // is a socket write and a round trip, the process's largest cost under load).
      const { record, version } = await repo.findProductPageByCode(this.db, shopId, code, today);
      if (!record) throw productNotFound();
      const product = toProduct(record);
      const stamp = pagesStamp(version, today);
      if (stamp !== undefined) this.pages.keepAt(stamp, key, product);
      return product;
    }
    const version = await this.pagesVersionLook.read(() => repo.readPagesVersion(this.db));
    return this.pages.get(pagesStamp(version, today), key, async () => {
      const record = await repo.findProductByCode(this.db, shopId, code);
      if (!record) throw productNotFound();
      return toProduct(record);
    });
  }

  /**
   * Full-text search in the Elasticsearch multi-search shape, as the UTF-8 JSON of a
   * SearchResponse. Fewer than 3 characters is not an error but an empty answer: the app only
   * searches from 3 (spec §5). The busiest call of the app, so its body is written here as text
   * from hits the search adapter keeps rendered (decision 0170) rather than built as objects and
   * serialised again on every request.
   */
  searchBody(shopId: number, query: SearchQuery): Buffer | Promise<Buffer> {
    const text = query.q.trim();
    if (!isSearchable(text)) return EMPTY_SEARCH_BODY;
    const outcome = this.productSearch.search({
      shopId,
      text,
      offset: (query.p - 1) * query.rpp,
      limit: query.rpp,
      renderHit: renderSearchHit,
      renderHitParts: SEARCH_HIT_PARTS,
    });
    // Held by the adapter (the usual case): written at once, no promise (decision 0691).
    return outcome instanceof Promise ? outcome.then((found) => searchResponseBody(found, query.rpp)) : searchResponseBody(outcome, query.rpp);
  }

  /**
   * The category the slugs name with its ancestors and, with `children`, its children (the
   * level-1 categories when there are no slugs), totals as shop `shopId` shows them; a 404 with
   * the spec's text when a slug names none.
   */
  private async categoryChain(
    shopId: number,
    slugs: readonly string[],
    children: boolean,
  ): Promise<{ chain: CategoryWithChildren[]; children: CategoryWithChildren[] }> {
    const found = await repo.findShopCategories(this.db, shopId, pathsOf(slugs), children);
    if (found.chain.some((c) => c === undefined)) throw categoryNotFound();
    return { chain: found.chain as CategoryWithChildren[], children: found.children };
  }

  async categories(shopId: number, query: CategoryQuery): Promise<CategoryResponse> {
    const { chain, children } = await this.categoryChain(shopId, categoryPathOf(query), true);
    const current = chain.at(-1) ?? null;
    return {
      category: current ? toCategory(current, chain.slice(0, -1)) : null,
      path: chain.map((c, i) => toCategory(c, chain.slice(0, i))),
      categories: children.map((child) => toCategory(child, chain)),
    };
  }

  async searchByCategory(shopId: number, query: SearchByCategoryQuery): Promise<SearchByCategoryResponse> {
    const slugs = [query.slug1, query.slug2, query.slug3, query.slug4].filter((s): s is string => s !== undefined);
    const offset = (query.p - 1) * query.rpp;
    let chain: CategoryWithChildren[];
    let hits: SearchByCategoryResponse['hits']['hits'];
    if (this.productSearch.categoryPage) {
      // PostgreSQL cuts the category to the shop's shelf in the search adapter's memory, and reads
      // the page with the chain in one statement (issue 18 "Scale").
      const page = await this.productSearch.categoryPage(shopId, pathsOf(slugs), offset, query.rpp);
      if (page.chain.some((c) => c === undefined)) throw categoryNotFound();
      chain = page.chain as CategoryWithChildren[];
      hits = page.products.map((r) => ({ _id: r.codice_ministeriale, _source: shelfHit(r) }));
    } else {
      chain = (await this.categoryChain(shopId, slugs, false)).chain;
      const records = await repo.listProductsInCategory(this.db, shopId, chain.at(-1) as CategoryWithChildren, offset, query.rpp);
      hits = records.map((r) => ({ _id: r.codice_ministeriale, _source: toProductHit(r) }));
    }
    const category = chain.at(-1) as CategoryWithChildren;
    return {
      hits: {
        total: category.tot_prodotti,
        total_relation: 'eq',
        hits,
      },
      totPages: totPages(category.tot_prodotti, query.rpp),
      category: toCategory(category, chain.slice(0, -1)),
    };
  }

  async promotions(shopId: number, query: PromotionsQuery): Promise<PromotionsResponse> {
    const offset = (query.p - 1) * query.rpp;
    if (this.productSearch.promotionsPage) {
      // PostgreSQL: ordered through the search index in memory (issue 18 "Scale").
      const page = await this.productSearch.promotionsPage(shopId, promotionDay(), offset, query.rpp);
      const result = page.products.map(shelfHit);
      return { result, total: page.total, totPages: totPages(page.total, query.rpp) };
    }
    const [records, total] = await Promise.all([
      repo.listPromotions(this.db, shopId, (query.p - 1) * query.rpp, query.rpp),
      repo.countPromotions(this.db, shopId),
    ]);
    return { result: records.map(toProductHit), total, totPages: totPages(total, query.rpp) };
  }
}

/**
 * The stamp of what is kept from the catalogue (product pages, the cart's records): the pages
 * version (moved by every product and offer write) and the promotions' day (a promotion starts
 * or ends at midnight without a write). No version row: nothing kept.
 */
function pagesStamp(version: string | undefined, day: string): string | undefined {
  return version === undefined ? undefined : `${version} ${day}`;
}

/** What a shop makes of some codes: the products it sells now, and the codes of master products it does not sell. */
export interface Offers {
  onSale: Map<string, ProductRecord>;
  notSoldHere: Set<string>;
}

/** What shop `shopId` makes of `codes`: the products it sells now, and the codes of master products it does not sell. */
export async function catalogueOffersByCode(db: Db, shopId: number, codes: readonly string[]): Promise<Offers> {
  return offersOf(await repo.findProductsByCodes(db, shopId, [...new Set(codes)]));
}

function offersOf(records: Iterable<ProductRecord>): Offers {
  const onSale = new Map<string, ProductRecord>();
  const notSoldHere = new Set<string>();
  for (const r of records) {
    if (r.on_sale) onSale.set(r.codice_ministeriale, r);
    else notSoldHere.add(r.codice_ministeriale);
  }
  return { onSale, notSoldHere };
}

/**
 * The cart's records (issue 22, decision 0588): per database, by shop and code, while the pages
 * version (migration 0135: every product and offer write moves it) and the promotions' day stay —
 * the product pages' rule (decision 0585). Codes the catalogue does not have are read every time.
 */
const keptRecords = perDatabase(() => new KeptReads<ProductRecord>(20_000));

/**
 * {@link catalogueOffersByCode} answered from memory while the catalogue stays: the same records,
 * each read once per catalogue write or day instead of on every call. A transaction reads afresh
 * (what it wrote is not the committed catalogue others see).
 */
export async function keptOffersByCode(
  db: Db,
  shopId: number,
  codes: readonly string[],
  /** The pages version when the caller read it in a statement of its own, before this call (PostgreSQL: a round trip less). */
  read?: { pagesVersion: string | undefined },
): Promise<Offers> {
  if (db.isTransaction || codes.length === 0) return catalogueOffersByCode(db, shopId, codes);
  const version = read ? read.pagesVersion : await repo.readPagesVersion(db);
  const prefix = `${shopId}/`;
  const records = await keptRecords(db).getMany(
    pagesStamp(version, promotionDay()),
    codes.map((code) => prefix + code),
    async (keys) => {
      const read = await repo.findProductsByCodes(db, shopId, [...new Set(keys.map((key) => key.slice(prefix.length)))]);
      // Shared by every cart of the shop until the catalogue changes: frozen, so no caller can alter another's.
      return new Map(read.map((r) => [prefix + r.codice_ministeriale, Object.freeze(r)]));
    },
  );
  return offersOf(records.values());
}

/** The products of `codes` shop `shopId` sells now, by code. */
export async function catalogueProductsByCode(db: Db, shopId: number, codes: readonly string[]): Promise<Map<string, ProductRecord>> {
  return (await catalogueOffersByCode(db, shopId, codes)).onSale;
}
