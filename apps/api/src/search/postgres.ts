import { promotionDay, SEARCH_MAX_RESULT_WINDOW } from '@farmacia/contract';
import { CompiledQuery } from 'kysely';
import type { Db } from '../db/database.js';
import { intArrayParam } from '../db/int-array-param.js';
import { PipelinedConnections } from '../db/pipelined-connections.js';
import { type CategoryWithChildren, categoriesAt, type ProductRecord } from '../modules/catalogue/index.js';
import { type CatalogueIndex, loadCatalogueIndex, nameSubstrings, termPostings, unionOf } from './postgres-postings.js';
import { HIT_COLUMNS, hitFromRow, HIT_SELECT, MASTER_POSITIONS, offerOnlyHitSelect } from './hit-row.js';
import { KeptByRank } from './kept-by-rank.js';
import { forEachIdOfBitmap, idBitmapOf, SHELF_IDS_SQL, STORE_SHELF_IDS_SQL, setBit, Shelf, Shelves, shelfBits } from './shelf.js';
import { pageOfTiers, PHRASE_CHECKS, phraseCandidates, type Postings, rankWords } from './postings.js';
import { type CategoryPage, EMPTY_OUTCOME, type HitParts, type ProductSearch, type RenderedHit, type SearchOutcome, type SearchRequest } from './product-search.js';
import { codeQueryOf, correctWords, foldText, queryWords, type Vocabulary } from './query-text.js';

/**
 * ProductSearch on PostgreSQL (decisions 0166, 0167, 0190). PostgreSQL holds the catalogue and
 * its search version; the words are matched in this process, on postings built from one snapshot
 * read of the products (postgres-postings.ts), with the same one-pass tier walk as the SQLite
 * adapter (postings.ts). So both engines rank alike, count exactly, and a query costs a version
 * check and the read of its page's rows, never a scan of the matches in SQL: at 250,000 products
 * the tsvector/GIN + pg_trgm statements took 13 ms for a median query and up to 470 ms for a typo
 * or a deep page of a broad word (COUNT over tens of thousands of matches, a trigram similarity
 * over the whole table).
 *
 * Every search first reads the catalogue search version (migration 0025, moved by a trigger on
 * every write to an indexed field): when another connection or API instance changed the
 * catalogue, the postings are rebuilt before answering, so stateless instances never disagree.
 * The index is shared by every adapter on the same database handle.
 */

interface Page {
  keys: number[];
  total: number;
  totalIsLowerBound: boolean;
}

const NOTHING: Page = { keys: [], total: 0, totalIsLowerBound: false };
const NO_RANKS = new Int32Array(0);
/**
 * A shop's offers on promotion running on a day (decision 0530, as the catalogue repository's
 * rule), from their partial index: the ids as 4-byte big-endian integers in one `bytea`, like a
 * shelf's — ~1,000 one-column rows cost the process ~1 ms to parse, one value ~0.3 ms.
 */
const PROMOTION_IDS_SQL = `select coalesce(string_agg(int4send(o.product_id), ''::bytea), ''::bytea) from product_offers o
  where o.shop_id = $2 and o.on_sale = 1 and o.promo = 1 and (o.promo_start is null or o.promo_start <= $3) and (o.promo_end is null or o.promo_end >= $3)`;
/**
 * A page's hits of shop `$2` joined to the catalogue's state row as `h` (decision 0675): of the
 * products whose master columns are kept, the offer alone, read by its key (product ids `ids`, with
 * their ranks `ranks`), the master's columns null; of the others (ranks `whole`), master and offer.
 * Reaching the offer through the master by rank cost ~4 of the ~8 buffers a hit, for columns that
 * were then not used.
 */
const hitsJoin = (ids: string, ranks: string, whole: string) => `left join lateral (
      select ${offerOnlyHitSelect('k.rank')} from unnest(${ids}::int[], ${ranks}::int[]) k(id, rank)
        join product_offers o on o.shop_id = $2 and o.product_id = k.id
      union all
      select ${HIT_SELECT} from products p join product_offers o on o.product_id = p.id and o.shop_id = $2
        where p.rank = any(${whole}::int[])
    ) h on true`;

/**
 * A promotions page's statement (decision 0619): PAGE_SQL's versions (no shelf version: `0`), the
 * shop's promotion ids of PROMOTION_IDS_SQL in column 3 of the first row (one InitPlan, sent once),
 * the masters version in column 4, and from column 5 the hits of the page the ids the shop had last
 * time give (`hitsJoin` of `$1`, `$4`, `$5`).
 */
const PROMOTIONS_PAGE_SQL = `select s.version, s.categories_version, 0,
    case when row_number() over () = 1 then (${PROMOTION_IDS_SQL}) end, s.masters_version, h.*
  from catalogue_search_state s ${hitsJoin('$1', '$4', '$5')}
  where s.id = 1`;

/** A shop's promotion ids as last read on a day, and their ranks (of the index they are kept by). */
interface KeptPromotions {
  day: string;
  ids: Buffer;
  ranks: Int32Array;
}
/** Shops whose promotions are kept per index; past it they start again from empty (~8 KB each). */
const MAX_KEPT_PROMOTIONS = 1024;
const promotionsByIndex = new WeakMap<CatalogueIndex, Map<number, KeptPromotions>>();

/**
 * A word of the query as index terms: itself, or (`prefix`, the word being typed) every term it
 * starts. The completions are listed only when their union is not cached yet: a short prefix
 * starts thousands of terms, and listing them on every search was ~3 % of the offers bench's CPU.
 */
interface WordPlan {
  word: string;
  prefix: boolean;
}

/**
 * The words as index terms, or null when one of them matches nothing. The last word is being
 * typed: it stands for every term it starts (unless it is one letter), like the SQLite adapter.
 */
function planWords(words: readonly string[], vocabulary: Vocabulary): WordPlan[] | null {
  const plans: WordPlan[] = [];
  for (const [i, word] of words.entries()) {
    const prefix = i === words.length - 1 && word.length >= 2;
    if (prefix ? vocabulary.withPrefix(word, 0).length === 0 : vocabulary.docs(word) === 0) return null;
    plans.push({ word, prefix });
  }
  return plans;
}

/** The index of a database handle and the load under way, shared by its adapters (the category names are the catalogue's `categoriesAt`). */
interface Holder {
  index: CatalogueIndex | null;
  loading: Promise<CatalogueIndex> | null;
}

/**
 * Each shop's shelf (issue 18), by index: a shelf is ranks, which are the index's (a new index
 * starts with no shelf). Each is dropped alone when its shop's `shop_shelves` version moves.
 */
const shelvesByIndex = new WeakMap<CatalogueIndex, Shelves>();
function shelvesOf(index: CatalogueIndex): Shelves {
  let shelves = shelvesByIndex.get(index);
  if (!shelves) {
    shelves = new Shelves();
    shelvesByIndex.set(index, shelves);
  }
  return shelves;
}

/**
 * The page statement: the catalogue's search versions and the shop's shelf version (columns 0–2),
 * then the hits' columns as the products table stores them, categories by id (one row of nulls
 * when the page is empty).
 */
const PAGE_SQL = `select s.version, s.categories_version,
    coalesce((select v.version from shop_shelves v where v.shop_id = $2), 0), ${HIT_SELECT}
  from catalogue_search_state s left join (products p join product_offers o on o.product_id = p.id and o.shop_id = $2)
    on p.rank = any($1::int[])
  where s.id = 1`;
/**
 * A category page's statement: PAGE_SQL's versions, the masters version in column 4, the hits from
 * column 5 (`hitsJoin` of `$1`, `$4`, `$5`) and, in column 3 of its first row, the chain of
 * categories at the slug paths `$3` as the shop shows them, as JSON — the columns of the
 * catalogue's `shopCategories` (catalogue.repository.ts), totals the shop's.
 * The chain was a statement of its own before the page (issue 18 "Scale": a statement is a socket
 * write and a round trip, the process's largest cost under load). Nothing of it is kept: the
 * totals are read with every page, now in the page's snapshot.
 */
const CATEGORY_PAGE_SQL = `select s.version, s.categories_version,
    coalesce((select v.version from shop_shelves v where v.shop_id = $2), 0),
    case when row_number() over () = 1 then (select coalesce(json_agg(json_build_object('id', c.id, 'parent_id', c.parent_id,
      'level', c.level, 'slug', c.slug, 'path', c.path, 'name', c.name, 'hero_title', c.hero_title, 'description', c.description,
      'position', c.position, 'last_update', c.last_update, 'tot_prodotti', coalesce(t.tot_prodotti, 0),
      'has_children', exists (select 1 from categories ch where ch.parent_id = c.id))), '[]')
      from categories c left join shop_category_totals t on t.category_id = c.id and t.shop_id = $2
      where c.path = any($3::text[])) end,
    s.masters_version, h.*
  from catalogue_search_state s ${hitsJoin('$1', '$4', '$5')}
  where s.id = 1`;
/**
 * A ministerial code or its start (6–9 digits) on the shop's shelf: the versions' columns as
 * PAGE_SQL's (no shelf version: `0`), the total in column 3, the page's hits in rank order from
 * column 4. One statement where there were three (the page's ranks, the total, the rows). Written
 * for this pool's generic plans: the codes' range from their unique index first, each probed on
 * the shop's shelf (the `limit 1` keeps it a probe) — joined plainly, the generic plan walked the
 * 250,000 products in rank order (650 ms).
 */
const CODE_SQL = `with sold as materialized (
    select p.id, p.rank from products p
      cross join lateral (select 1 from product_offers o where o.shop_id = $1 and o.product_id = p.id and o.on_sale = 1 limit 1) on_shelf
    where p.codice_ministeriale between $2 and $3)
  select s.version, s.categories_version, 0, (select count(*) from sold), h.*
  from catalogue_search_state s left join lateral (select ${HIT_SELECT}
      from (select id from sold order by rank limit $4 offset $5) k join products p on p.id = k.id
        join product_offers o on o.product_id = p.id and o.shop_id = $1
      order by p.rank) h on true
  where s.id = 1`;
/**
 * A search page's statement when the product's half of each hit is kept by rank (decision 0604):
 * PAGE_SQL's versions, the masters version in column 3 (migration 0139: moved by every write to a
 * product or a category's name or slug, not by an offer), then the page's hits: `hitsJoin` of the
 * kept halves' product ids `$1` and ranks `$4`, the others' ranks `$3`.
 */
const HITS_SQL = `select s.version, s.categories_version,
    coalesce((select v.version from shop_shelves v where v.shop_id = $2), 0), s.masters_version, h.*
  from catalogue_search_state s ${hitsJoin('$1', '$4', '$3')}
  where s.id = 1`;
/** Products' halves of hits kept at most (~0.6 KB each; the offers mix asks ~5,000 products), the least recently used dropped first. */
const MAX_KEPT_HITS = 32_768;
/**
 * Where a hit's columns start: in a PAGE_SQL row; in a search's HITS_SQL or CODE_SQL row (a fourth
 * head column: the masters version, the total); in a category or promotions page's (the chain or
 * the promotion ids, then the masters version).
 */
const HIT_AT = 3;
const SEARCH_HIT_AT = 4;
const KEPT_HIT_AT = 5;
/** Master rows of category and promotions pages' hits kept at most (~0.5 KB each), the least recently used dropped first. */
const MAX_KEPT_MASTERS = 16_384;
/** A hit's rank within its columns. */
const RANK = 12;
const holders = new WeakMap<Db, Holder>();

export class PostgresSearch implements ProductSearch {
  private readonly holder: Holder;

  /**
   * Connections of its own for the page statement: a named prepared statement (parsed and
   * planned once per connection) with rows as arrays, off the query builder; pipelined, the
   * statements of one turn of the event loop leaving in one socket write.
   */
  private readonly pool: PipelinedConnections;

  /**
   * The product's halves of search hits (`HitParts.product`) by rank, as rendered by `hitParts` on
   * day `hitsDay` (decisions 0604, 0675): the same for every shop, so a search renders and parses
   * only its shops' offers — the hits' objects, JSON and 23-column rows were ~10 % of the process's
   * CPU in the offers mix, and no shop asks the same query twice there.
   */
  private readonly keptHits = new KeptByRank<readonly string[]>(MAX_KEPT_HITS);
  /**
   * The master's columns of category and promotions pages' hits by rank ({@link HIT_COLUMNS}'
   * values as read, of which only the master's are used; decision 0675): a page then reads only its
   * shop's offers, by key.
   */
  private readonly keptMasters = new KeptByRank<readonly unknown[]>(MAX_KEPT_MASTERS);
  private hitsDay = '';
  private hitParts: HitParts | null = null;

  /** @param databaseUrl the same database as `db` (the page statement runs on a pool of its own). */
  constructor(
    private readonly db: Db,
    databaseUrl: string,
  ) {
    this.pool = new PipelinedConnections(
      {
        connectionString: databaseUrl,
        // As the app's pool (database.ts): a hanging connection attempt fails the search (→ 503).
        connectionTimeoutMillis: 5000,
        // Its statements are keyed lookups whose generic plan is the custom one, but left to choose
        // PostgreSQL planned the page statement anew on every search (an array's length is unknown
        // to the generic plan's estimate): 0.40 ms of planning for 0.18 ms of work (decision 0587).
        // Its only write is a stored shelf (migration 0138), a copy any reader can make again: a
        // crash losing the last ones costs nothing, waiting for the WAL flush would cost a first search.
        options: '-c plan_cache_mode=force_generic_plan -c synchronous_commit=off',
      },
      2,
    );
    let holder = holders.get(db);
    if (!holder) {
      holder = { index: null, loading: null };
      holders.set(db, holder);
    }
    this.holder = holder;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  private async all<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
    const result = await this.db.executeQuery<T>(CompiledQuery.raw(sql, [...params]));
    return [...result.rows];
  }

  async search({ shopId, text, offset, limit, renderHit, renderHitParts }: SearchRequest): Promise<SearchOutcome> {
    const words = queryWords(text);
    if (words.length === 0) return EMPTY_OUTCOME;
    const code = codeQueryOf(text, words);
    if (code !== null) {
      // Codes are not in the word index: the products' unique index answers, nothing to check.
      const { head, products } = await this.pageAt('farmacia_search_code', CODE_SQL, [shopId, code, code.padEnd(9, '9'), limit, offset], SEARCH_HIT_AT, null);
      return { total: Number(head?.[3] ?? 0), totalIsLowerBound: false, products, correctedQuery: null };
    }

    // The page is cut on the index and the shop's shelf held, and its rows are read together
    // with the catalogue's search version and the shop's shelf version: when either moved past
    // what was used (another instance or connection wrote), that is read again and the answer
    // computed again. One statement per search (two the first time a shop's shelf is read).
    let index = this.holder.index ?? (await this.current(null));
    for (;;) {
      const shelves = shelvesOf(index);
      const shelf = await shelves.of(shopId, () => this.readShelf(index, shopId));
      const { page, correctedQuery } = this.answer(index, shelf, words, offset, limit);
      const { version, shelfVersion, products, renderedHits }: { version: number; shelfVersion: number; products: ProductRecord[]; renderedHits?: RenderedHit[] } = renderHit && renderHitParts
        ? await this.renderedAt(index, shopId, page.keys, renderHitParts)
        : await this.productsAt(shopId, page.keys);
      if (shelfVersion !== shelf.version) {
        shelves.drop(shopId, shelf);
        continue;
      }
      if (version <= index.version) {
        return { total: page.total, totalIsLowerBound: page.totalIsLowerBound, products, renderedHits, correctedQuery };
      }
      index = await this.current(version);
    }
  }

  /**
   * A page of a category's products on the shop's shelf, most popular first, with the category's
   * chain (`paths`: slug paths from level 1) as the shop shows it, in one statement: the category's
   * ranks from the index cut to the shelf in memory, then the page's rows read by rank with the
   * chain and the same version checks as a search. The category is found by its path in memory;
   * the chain read with the page says whether that was still its id. In SQL the page was a walk of
   * the category in rank order probing each product's offer: ~1,400 probes for page 5 of a big
   * category on a shelf of 8 % of the master, and a parallel plan the machine could not afford.
   */
  async categoryPage(shopId: number, paths: readonly string[], offset: number, limit: number): Promise<CategoryPage> {
    let index = this.holder.index ?? (await this.current(null));
    let categories = await categoriesAt(this.db, 0);
    for (;;) {
      const shelves = shelvesOf(index);
      const shelf = await shelves.of(shopId, () => this.readShelf(index, shopId));
      const id = categories.byPath.get(paths.at(-1) ?? '');
      const keys = id === undefined ? [] : shelf.slice(index.byCategory.get(id) ?? NO_RANKS, offset, limit);
      const { head, version, shelfVersion, products } = await this.keptPageAt(index, 'farmacia_category_page', CATEGORY_PAGE_SQL, (ids, ranks, whole) => [ids, shopId, paths, ranks, whole], keys);
      const found = new Map((head?.[3] as CategoryWithChildren[] | null | undefined)?.map((c) => [c.path, c]));
      const chain = paths.map((p) => found.get(p));
      const category = chain.at(-1);
      // No such category: nothing to check, the answer is a 404.
      if (category === undefined) return { chain, products: [] };
      if (shelfVersion !== shelf.version) {
        shelves.drop(shopId, shelf);
        continue;
      }
      // The path names another category than memory said (moved or made since): read them again.
      if (category.id !== id) {
        categories = await categoriesAt(this.db, Number(head?.[1] ?? 0), true);
        continue;
      }
      if (version <= index.version) return { chain, products };
      index = await this.current(version);
    }
  }

  /**
   * A page of the shop's promotions running on `today` and their count: the ids of its offers on
   * promotion from the index `product_offers_promotions` alone, put in popularity order through
   * the search index's ranks, then the page's rows. Ordering them by rank in SQL probed the
   * products of all of them (~800 a shop) on every request.
   *
   * One statement (decision 0619): the page's rows are read for the ranks the shop's ids of its
   * last request give, together with its ids now; when those are byte for byte the ids the page
   * was cut from, or give the same page, the rows are the answer. Otherwise (a shop's first
   * request, a promotion changed, a new day) the page is read again for the ids just read.
   */
  async promotionsPage(shopId: number, today: string, offset: number, limit: number): Promise<{ total: number; products: ProductRecord[] }> {
    for (;;) {
      const index = this.holder.index ?? (await this.current(null));
      let byShop = promotionsByIndex.get(index);
      if (!byShop) {
        byShop = new Map();
        promotionsByIndex.set(index, byShop);
      }
      const kept = byShop.get(shopId);
      const guess = kept?.day === today ? kept : undefined;
      const keys = guess ? Array.from(guess.ranks.subarray(offset, offset + limit)) : [];
      const { head, version, products } = await this.keptPageAt(index, 'farmacia_promotions_page', PROMOTIONS_PAGE_SQL, (ids, ranks, whole) => [ids, shopId, today, ranks, whole], keys);
      if (version > index.version) {
        await this.current(version);
        continue;
      }
      const ids = (head?.[3] as Buffer | null | undefined) ?? Buffer.alloc(0);
      if (guess?.ids.equals(ids)) return { total: guess.ranks.length, products };
      const ranks = this.ranksOf(index, ids);
      if (byShop.size >= MAX_KEPT_PROMOTIONS) byShop.clear();
      byShop.set(shopId, { day: today, ids, ranks });
      const page = Array.from(ranks.subarray(offset, offset + limit));
      // The same ranks (an empty page, or the ids moved elsewhere): the rows read are this page's.
      if (page.length === keys.length && page.every((rank, i) => rank === keys[i])) return { total: ranks.length, products };
      const again = await this.productsAt(shopId, page);
      if (again.version <= index.version) return { total: ranks.length, products: again.products };
      await this.current(again.version);
    }
  }

  /**
   * Product ids (4-byte big-endian integers) as ranks of `index`, ascending (a product newer than
   * the index is left out: the index is reloaded).
   */
  private ranksOf(index: CatalogueIndex, ids: Buffer): Int32Array {
    const ranks = new Int32Array(ids.length >>> 2);
    let n = 0;
    for (let at = 0; at + 4 <= ids.length; at += 4) {
      const id = ids.readInt32BE(at);
      const rank = id < index.rankOfId.length ? (index.rankOfId[id] as number) : -1;
      if (rank >= 0) ranks[n++] = rank;
    }
    return ranks.subarray(0, n).sort();
  }

  /**
   * The shop's products on sale as ranks of `index`, at the shelf version they were read at: the
   * stored bitmap's ids, or the index's when none is stored (then stored for the next first read,
   * migration 0138), go straight into the shelf's bits (a product newer than the index is left
   * out: the index is reloaded).
   */
  private async readShelf(index: CatalogueIndex, shopId: number): Promise<Shelf> {
    const { rows } = await this.pool.query<[string, boolean, Buffer]>({ name: 'farmacia_search_shelf', text: SHELF_IDS_SQL, values: [shopId], rowMode: 'array' });
    const [version, stored, bytes] = rows[0] ?? ['0', true, Buffer.alloc(0)];
    const { rankOfId } = index;
    const bits = shelfBits(index.maxRank);
    let sold = 0;
    const put = (id: number) => {
      const rank = id < rankOfId.length ? (rankOfId[id] as number) : -1;
      if (rank >= 0) {
        setBit(bits, rank);
        sold++;
      }
    };
    if (stored) forEachIdOfBitmap(bytes, put);
    else {
      for (let at = 0; at + 4 <= bytes.length; at += 4) put(bytes.readInt32BE(at));
      await this.storeShelf(shopId, version, idBitmapOf(bytes));
    }
    return new Shelf(sold >= index.size ? null : bits, Number(version));
  }

  /**
   * Keeps the shelf read for every instance's next first read of the shop (migration 0138). Only a
   * saving: a failure (the shop deleted meanwhile, the database busy) leaves the next reader to
   * read them from the index again.
   */
  private async storeShelf(shopId: number, version: string, bitmap: Buffer): Promise<void> {
    await this.pool.query({ name: 'farmacia_search_shelf_store', text: STORE_SHELF_IDS_SQL, values: [shopId, version, bitmap] }).catch(() => {});
  }

  /** The page the words ask for on one index: by words, else substrings, else corrected words. */
  private answer(index: CatalogueIndex, shelf: Shelf, words: string[], offset: number, limit: number): { page: Page; correctedQuery: string | null } {
    const plans = planWords(words, index.vocabulary);
    // Every word is a term of the index: what they find together is the answer, even nothing.
    if (plans) return { page: this.searchWords(index, shelf, plans, offset, limit), correctedQuery: null };

    const bySubstring = this.searchSubstrings(index, shelf, words, offset, limit);
    if (bySubstring.total > 0) return { page: bySubstring, correctedQuery: null };

    const corrected = correctWords(words, index.vocabulary);
    const correctedPlans = corrected ? planWords(corrected, index.vocabulary) : null;
    if (!corrected || !correctedPlans) return { page: NOTHING, correctedQuery: null };
    const byCorrected = this.searchWords(index, shelf, correctedPlans, offset, limit);
    return byCorrected.total > 0 ? { page: byCorrected, correctedQuery: corrected.join(' ') } : { page: NOTHING, correctedQuery: null };
  }

  /**
   * An index at least at `version` (null: the catalogue's current one), rebuilt once for all the
   * searches waiting on it.
   */
  private async current(atLeast: number | null): Promise<CatalogueIndex> {
    let version = atLeast;
    if (version === null) {
      const [state] = await this.all<{ version: number }>('select version from catalogue_search_state where id = 1', []);
      version = Number(state?.version ?? 0);
    }
    for (;;) {
      const { index, loading } = this.holder;
      if (index && index.version >= version) return index;
      if (loading) {
        await loading.catch(() => undefined);
        if (this.holder.loading === loading) this.holder.loading = null;
        continue;
      }
      const load = loadCatalogueIndex(this.db);
      this.holder.loading = load;
      try {
        const loaded = await load;
        // A slower, older load must not replace a newer index.
        if (!this.holder.index || this.holder.index.version <= loaded.version) this.holder.index = loaded;
      } finally {
        if (this.holder.loading === load) this.holder.loading = null;
      }
    }
  }

  /** Tiers 1–6 of the ranking in one intersection, cut to the page; the total is exact. */
  private searchWords(index: CatalogueIndex, shelf: Shelf, plans: WordPlan[], offset: number, limit: number): Page {
    const ranked = rankWords(shelf.restrict(plans.map((plan) => this.postingsOf(index, plan))), offset + limit + PHRASE_CHECKS);
    const candidates = phraseCandidates(ranked, plans.length, offset);
    const starts = candidates.length > 0 ? phraseStarts(index, plans, candidates) : new Set<number>();
    // One literal, not a spread given another property: such objects outlived the scavenges (decision 0638).
    const { keys, total } = pageOfTiers(ranked, starts, offset, limit);
    return { keys, total, totalIsLowerBound: false };
  }

  private postingsOf(index: CatalogueIndex, plan: WordPlan): Postings {
    if (!plan.prefix) return termPostings(index, plan.word) as Postings;
    const known = index.prefixUnions.get(plan.word);
    if (known) return known;
    const terms = index.vocabulary.withPrefix(plan.word, Number.MAX_SAFE_INTEGER);
    if (terms.length === 1) return termPostings(index, terms[0] as string) as Postings;
    return unionOf(index, plan.word, terms);
  }

  /**
   * Substrings of the name ('pirina' finds TACHIPIRINA): every word of 3+ letters, popularity
   * order, counted up to the result window like the SQLite adapter's trigram search.
   */
  private searchSubstrings(index: CatalogueIndex, shelf: Shelf, words: string[], offset: number, limit: number): Page {
    const usable = words.filter((w) => w.length >= 3);
    if (usable.length === 0) return NOTHING;
    // Every match in the master, cut to the shelf up to the window (so the window still fills).
    const ranks = shelf.cutTo(nameSubstrings(index, usable), SEARCH_MAX_RESULT_WINDOW + 1);
    const beyond = ranks.length > SEARCH_MAX_RESULT_WINDOW;
    return {
      keys: Array.from(ranks.subarray(offset, Math.min(offset + limit, SEARCH_MAX_RESULT_WINDOW))),
      total: beyond ? SEARCH_MAX_RESULT_WINDOW : ranks.length,
      totalIsLowerBound: beyond,
    };
  }

  /** The page's products and, in the same statement, the catalogue's search versions and the shop's shelf version. */
  private async productsAt(shopId: number, ranks: number[]): Promise<{ version: number; shelfVersion: number; products: ProductRecord[] }> {
    return this.pageAt('farmacia_search_page', PAGE_SQL, [intArrayParam(ranks), shopId], HIT_AT, ranks);
  }

  /**
   * The page's hits rendered by `parts`, the product's halves kept (at the masters version read
   * with the page, and the day) taken from memory, the others read in the same statement as the
   * offers and kept. A product deleted since the search found it is left out, as {@link productsAt} does.
   */
  private async renderedAt(
    index: CatalogueIndex,
    shopId: number,
    ranks: number[],
    parts: HitParts,
  ): Promise<{ version: number; shelfVersion: number; products: ProductRecord[]; renderedHits: RenderedHit[] }> {
    const day = promotionDay();
    if (this.hitParts !== parts || this.hitsDay !== day) {
      this.hitParts = parts;
      this.hitsDay = day;
      this.keptHits.clear();
    }
    for (;;) {
      const page = this.keptHits.take(ranks);
      const { head, version, shelfVersion, products } = await this.pageAt(
        'farmacia_search_hits',
        HITS_SQL,
        [intArrayParam(idsOfRanks(index, page.kept)), shopId, intArrayParam(page.missing), intArrayParam(page.kept)],
        SEARCH_HIT_AT,
        ranks,
      );
      const mastersVersion = Number(head?.[3] ?? 0);
      if (!this.keptHits.settle(page, mastersVersion)) continue;
      // Another request may have started over with other parts or another day meanwhile.
      const keep = this.hitParts === parts && this.hitsDay === day;
      const renderedHits: RenderedHit[] = [];
      // The products come in the order of `ranks`, less those deleted since: found by walking both.
      let i = 0;
      for (const record of products) {
        while (ranks[i] !== record.rank) i++;
        let product = page.values[i];
        if (product === undefined) {
          product = parts.product(record);
          if (keep) this.keptHits.keep(record.rank, product, mastersVersion);
        }
        renderedHits.push({ product, offer: parts.offer(record) });
      }
      return { version, shelfVersion, products: [], renderedHits };
    }
  }

  /**
   * Runs a category or promotions page's statement (`text`, its values made by `values` of the
   * kept masters' product ids and ranks and the other ranks, as `hitsJoin` takes them; the masters
   * version in column 4, the hits from column 5) for the hits of `ranks`: the master's columns of
   * the hits kept are taken from memory, the others' kept for the next page.
   */
  private async keptPageAt(
    index: CatalogueIndex,
    name: string,
    text: string,
    values: (ids: string, ranks: string, whole: string) => unknown[],
    ranks: readonly number[],
  ): Promise<{ head: unknown[] | undefined; version: number; shelfVersion: number; products: ProductRecord[] }> {
    for (;;) {
      const page = this.keptMasters.take(ranks);
      const { rows } = await this.pool.query<unknown[]>({
        name,
        text,
        values: values(intArrayParam(idsOfRanks(index, page.kept)), intArrayParam(page.kept), intArrayParam(page.missing)),
        rowMode: 'array',
      });
      const mastersVersion = Number(rows[0]?.[KEPT_HIT_AT - 1] ?? 0);
      if (!this.keptMasters.settle(page, mastersVersion)) continue;
      const rankAt = KEPT_HIT_AT + RANK;
      for (const row of rows) {
        const rank = row[rankAt] as number | null;
        if (rank === null) continue;
        // The kept hits' rows come first, then the others': not in page order.
        const master = page.values[ranks.indexOf(rank)];
        if (master) for (const i of MASTER_POSITIONS) row[KEPT_HIT_AT + i] = master[i];
        else this.keptMasters.keep(rank, row.slice(KEPT_HIT_AT, KEPT_HIT_AT + HIT_COLUMNS.length), mastersVersion);
      }
      return { head: rows[0], ...(await this.hitsOfRows(rows, KEPT_HIT_AT, ranks)) };
    }
  }

  /**
   * Runs a page statement (PAGE_SQL's versions in columns 0–2, the hits' columns from `hitAt`, one
   * row of nulls besides them when the page is empty) and makes its hits' products in the order of
   * `ranks` (null: of the rows); `head` is its first row. Category names come from memory (the
   * catalogue's `categoriesAt`), read again when their version moved: four joins on categories
   * cost more to plan and run than the page itself.
   */
  private async pageAt(
    name: string,
    text: string,
    values: unknown[],
    hitAt: number,
    ranks: readonly number[] | null,
  ): Promise<{ head: unknown[] | undefined; version: number; shelfVersion: number; products: ProductRecord[] }> {
    const { rows } = await this.pool.query<unknown[]>({ name, text, values, rowMode: 'array' });
    return { head: rows[0], ...(await this.hitsOfRows(rows, hitAt, ranks)) };
  }

  /** A page statement's versions (columns 0–2 of its first row) and its hits' products, in the order of `ranks` (null: of the rows). */
  private async hitsOfRows(
    rows: unknown[][],
    hitAt: number,
    ranks: readonly number[] | null,
  ): Promise<{ version: number; shelfVersion: number; products: ProductRecord[] }> {
    const head = rows[0];
    const version = Number(head?.[0] ?? 0);
    const categoriesVersion = Number(head?.[1] ?? 0);
    const shelfVersion = Number(head?.[2] ?? 0);
    const categories = categoriesAt(this.db, categoriesVersion);
    const { byId } = categories instanceof Promise ? await categories : categories;
    const rankAt = hitAt + RANK;
    const products: ProductRecord[] = [];
    const today = promotionDay();
    if (ranks === null) {
      for (const row of rows) if (row[rankAt] !== null) products.push(hitFromRow(row, hitAt, byId, today));
    } else {
      const byRank = new Map<number, unknown[]>();
      for (const row of rows) if (row[rankAt] !== null) byRank.set(row[rankAt] as number, row);
      for (const rank of ranks) {
        const r = byRank.get(rank);
        if (r) products.push(hitFromRow(r, hitAt, byId, today));
      }
    }
    return { version, shelfVersion, products };
  }

}

/** The product ids of `ranks` in `index` (the kept hits' keys for `hitsJoin`). */
const idsOfRanks = (index: CatalogueIndex, ranks: readonly number[]) => ranks.map((rank) => index.idOfRank[rank] as number);

/**
 * Tier 1 with several words: the name starts with the text as typed ('tachipirina 500' →
 * TACHIPIRINA 500 MG …, before TACHIPIRINA OROSOLUBILE 500 MG). Checked on the names of the most
 * popular tier-2 products (`candidates`), as the SQLite adapter does; the others stay in tier 2.
 * A name's words are all index terms, so a typed prefix's completion is any word it starts.
 */
function phraseStarts(index: CatalogueIndex, plans: WordPlan[], candidates: Int32Array): Set<number> {
  const head = plans.slice(0, -1).map((p) => p.word);
  const last = plans.at(-1) as WordPlan;
  const starts = new Set<number>();
  for (const rank of candidates) {
    const name = index.names[rank];
    if (name === undefined) continue;
    const words = queryWords(foldText(name));
    const typed = words[head.length];
    if (typed !== undefined && head.every((w, i) => words[i] === w) && (last.prefix ? typed.startsWith(last.word) : typed === last.word)) {
      starts.add(rank);
    }
  }
  return starts;
}

