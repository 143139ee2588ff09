import { promotionDay } from '@farmacia/contract';
import SQLite from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import type { Db } from '../db/database.js';
import { PollPassLook } from '../db/poll-pass-look.js';
import type { ProductRecord } from '../modules/catalogue/index.js';
import {
  densify,
  EMPTY_POSTINGS,
  FIELD,
  FIELD_NAMES,
  isFrequent,
  mergeFields,
  pageOfTiers,
  PHRASE_CHECKS,
  phraseCandidates,
  type Postings,
  type RankedTiers,
  rankWords,
  union,
} from './postings.js';
import {
  EMPTY_OUTCOME,
  type ProductSearch,
  type SearchOutcome,
  type SearchRequest,
} from './product-search.js';
import { codeQueryOf, correctWords, foldText, queryWords, Vocabulary, type VocabularyTerm } from './query-text.js';
import { hitFromRow, HIT_SELECT } from './hit-row.js';
import { SHELF_SQL, Shelf, Shelves } from './shelf.js';

/**
 * ProductSearch on SQLite FTS5 (decisions 0165–0167, 0170, 0171). `product_search` holds the
 * words of the name, the name's first word (`inizio`), active principle, manufacturer and ATC
 * (unicode61, diacritics folded, prefix indexes 2–4), keyed by the product's popularity rank.
 * Triggers of migration 0020 keep it in step (and the trigram table, no longer read: substrings
 * go through the vocabulary, decision 0171).
 *
 * FTS5 keeps one doclist per term for all fields: a field filter or a multi-word AND walks the
 * doclists of frequent words ('ml', '200', 'cpr') for every statement, and the six tiers of the
 * ranking would take six such statements plus a count. So the adapter reads each term's postings
 * from FTS5 once per index version (one statement per field, with the field filter) and keeps
 * them in memory; a query is then one galloping intersection that labels every match with its
 * tier (postings.ts): exact totals, any page, a few hundred microseconds at 250,000 products.
 *
 * The index's vocabulary (fts5vocab) is in memory too: it spells out the terms the word being
 * typed can complete to, says at once when a word matches nothing, finds the terms holding a
 * substring, and corrects typos. Hits are kept rendered per product until the next commit
 * (decision 0170). Everything runs on a read-only connection of its own (WAL lets it read while the app writes)
 * with prepared statements kept for reuse, off the app's query builder and connection queue.
 */

/** What the adapter needs from a connection: run one statement, get its rows. */
interface SqlRunner {
  all<T>(sql: string, params: readonly unknown[]): Promise<T[]>;
  /** The first column of every row (a rank list). */
  column(sql: string, params: readonly unknown[]): Promise<number[]>;
  /** The first column of every row as a typed array, without a JS array of numbers in between. */
  int32Column(sql: string, params: readonly unknown[]): Promise<Int32Array>;
  /** Rows as arrays of column values: far cheaper than objects with named keys. */
  tuples(sql: string, params: readonly unknown[]): Promise<unknown[][]>;
  /** True when other connections' commits show in `pragma data_version` (not for the app's own). */
  readonly separate: boolean;
  /** `pragma data_version`, at once (a connection of its own only; checked on every search). */
  dataVersion?(): number;
  close(): Promise<void>;
}

/** A read-only better-sqlite3 connection to the database file, with a statement cache. */
class ReadConnection implements SqlRunner {
  readonly separate = true;
  private readonly db: SQLite.Database;
  private readonly statements = new Map<string, SQLite.Statement>();
  private readonly dataVersionStatement: SQLite.Statement;

  constructor(file: string) {
    this.db = new SQLite(file, { readonly: true, fileMustExist: true });
    this.db.pragma('busy_timeout = 5000');
    // 4 MiB of pages: postings, vocabulary and rendered hits live in the adapter's memory, so this
    // cache only serves a product row's first read and the occasional postings load; the OS
    // caches the file anyway, and 16 MiB here was 12 MB more RSS for nothing (decision 0380).
    this.db.pragma('cache_size = -4096');
    this.dataVersionStatement = this.db.prepare('pragma data_version').pluck();
  }

  dataVersion(): number {
    return this.dataVersionStatement.get() as number;
  }

  async all<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement.all(...params) as T[];
  }

  async column(sql: string, params: readonly unknown[]): Promise<number[]> {
    const key = `pluck:${sql}`;
    let statement = this.statements.get(key);
    if (!statement) {
      statement = this.db.prepare(sql).pluck();
      this.statements.set(key, statement);
    }
    return statement.all(...params) as number[];
  }

  async int32Column(sql: string, params: readonly unknown[]): Promise<Int32Array> {
    const key = `pluck:${sql}`;
    let statement = this.statements.get(key);
    if (!statement) {
      statement = this.db.prepare(sql).pluck();
      this.statements.set(key, statement);
    }
    // Streamed into a growing typed array: a JS array of a frequent term's 126,000 ranks lands
    // in the old generation and, with hundreds of terms loaded, raised the peak memory by 90 MB.
    let out = new Int32Array(1024);
    let n = 0;
    for (const value of statement.iterate(...params) as IterableIterator<number>) {
      if (n === out.length) {
        const grown = new Int32Array(out.length * 2);
        grown.set(out);
        out = grown;
      }
      out[n++] = value;
    }
    return out.slice(0, n);
  }

  async tuples(sql: string, params: readonly unknown[]): Promise<unknown[][]> {
    const key = `raw:${sql}`;
    let statement = this.statements.get(key);
    if (!statement) {
      statement = this.db.prepare(sql).raw();
      this.statements.set(key, statement);
    }
    return statement.all(...params) as unknown[][];
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

/** For an in-memory database (nothing to open twice): the app's own Kysely connection. */
class KyselyRunner implements SqlRunner {
  readonly separate = false;
  constructor(private readonly db: Db) {}
  async all<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
    const result = await this.db.executeQuery<T>(CompiledQuery.raw(sql, [...params]));
    return [...result.rows];
  }
  async column(sql: string, params: readonly unknown[]): Promise<number[]> {
    const rows = await this.all<Record<string, number>>(sql, params);
    return rows.map((r) => Object.values(r)[0] as number);
  }
  async int32Column(sql: string, params: readonly unknown[]): Promise<Int32Array> {
    return Int32Array.from(await this.column(sql, params));
  }
  async tuples(sql: string, params: readonly unknown[]): Promise<unknown[][]> {
    const rows = await this.all<Record<string, unknown>>(sql, params);
    return rows.map((r) => Object.values(r));
  }
  async close(): Promise<void> {}
}

/** A word of the query as the index will match it. */
interface WordPlan {
  word: string;
  /** The index terms it stands for: itself, or the completions of the word being typed; null = too many, use a prefix query. */
  terms: string[] | null;
}

/** Completions of the word being typed spelled out as terms; beyond this many, a prefix query. */
const MAX_EXPANSION = 16;

const quote = (term: string) => `"${term}"`;

/** Where a query word's postings are kept: under its term, or for a word being typed `word*`. */
const postingsKey = (plan: WordPlan) => (plan.terms?.length === 1 ? (plan.terms[0] as string) : `${plan.word}*`);
/** Where the postings of a part of the names' words are kept (searchSubstrings): `~part`. */
const substringKey = (part: string) => `~${part}`;

/**
 * The words as index terms, or null when one of them matches nothing (no FTS query needed).
 * The last word is being typed: it stands for every term it starts (unless it is one letter,
 * which would match most of the catalogue and no prefix index covers).
 */
export function planWords(words: readonly string[], vocabulary: Vocabulary): WordPlan[] | null {
  const plans: WordPlan[] = [];
  // Indexed, not `words.entries()`: no iterator and no [index, word] pair per word.
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (i === words.length - 1 && word.length >= 2) {
      const completions = vocabulary.withPrefix(word, MAX_EXPANSION);
      if (completions.length === 0) return null;
      plans.push({ word, terms: completions.length > MAX_EXPANSION ? null : completions });
    } else {
      if (vocabulary.docs(word) === 0) return null;
      plans.push({ word, terms: [word] });
    }
  }
  return plans;
}

/**
 * Tier 1 with several words: the name starts with the text as typed ('tachipirina 500' →
 * TACHIPIRINA 500 MG …, before TACHIPIRINA OROSOLUBILE 500 MG). Checked on the names (folded words,
 * `names` holds each of `candidates`) of the most popular tier-2 products; the others stay in tier 2.
 */
function phraseStarts(plans: WordPlan[], candidates: Int32Array, names: ReadonlyMap<number, string[]>): ReadonlySet<number> {
  const heads = plans.length - 1;
  const last = plans[heads] as WordPlan;
  let starts: Set<number> | null = null;
  for (let i = 0; i < candidates.length; i++) {
    const rank = candidates[i] as number;
    // None when the product was deleted since the search found it.
    const name = names.get(rank);
    const typed = name?.[heads];
    if (name === undefined || typed === undefined || !(last.terms === null ? typed.startsWith(last.word) : last.terms.includes(typed))) continue;
    let head = 0;
    while (head < heads && name[head] === (plans[head] as WordPlan).word) head++;
    if (head === heads) {
      starts ??= new Set();
      starts.add(rank);
    }
  }
  return starts ?? NO_STARTS;
}

/** A frequent word's postings without their by-rank table yet (the intersection looks them up unless they drive it). */
const lacksTable = (list: Postings, maxRank: number) => !list.byRank && isFrequent(list, maxRank);

/** Key of a rendered hit: the shop and the product's rank (ranks stay below 2^24). */
const hitKey = (shopId: number, rank: number) => shopId * 16_777_216 + rank;

/** Products whose code lies in a range, on a shop's shelf (parameters: the shop, the range). */
const CODE_RANGE_SQL = `from products p join product_offers o on o.product_id = p.id and o.shop_id = ? and o.on_sale = 1
  where p.codice_ministeriale between ? and ?`;

interface Page {
  keys: number[];
  total: number;
  totalIsLowerBound: boolean;
}

const NOTHING: Page = { keys: [], total: 0, totalIsLowerBound: false };

/** The words' page: the tiers cut to it, `starts` moved to tier 1. Not `{ ...pageOfTiers(…), totalIsLowerBound }`: see found(). */
function wordsPage(ranked: RankedTiers, starts: ReadonlySet<number>, offset: number, limit: number): Page {
  const { keys, total } = pageOfTiers(ranked, starts, offset, limit);
  return { keys, total, totalIsLowerBound: false };
}

/** No product moved to tier 1. */
const NO_STARTS: ReadonlySet<number> = new Set();

/**
 * The outcome of a page, written out as one literal. Not `{ ...common, products }`: on Node 20's V8
 * an object made by a spread and then given more properties outlives every scavenge until the next
 * full collection (decision 0638). Two such objects per search were ~200 of the ~320 bytes per
 * search the scavenges promoted, and copying them is what made each scavenge pause ~5 ms.
 */
const found = (page: Page, correctedQuery: string | null, products: ProductRecord[], renderedHits?: string[]): SearchOutcome =>
  renderedHits === undefined
    ? { total: page.total, totalIsLowerBound: page.totalIsLowerBound, correctedQuery, products }
    : { total: page.total, totalIsLowerBound: page.totalIsLowerBound, correctedQuery, products, renderedHits };

/** Most postings (ranks) kept in memory; past it the cache starts again from empty. */
const MAX_CACHED_POSTINGS = 16_000_000;
/** Rendered hits kept (about 1 KB each); past it the cache starts again from empty. */
const MAX_CACHED_HITS = 32_768;
/** Folded names kept for the tier-1 phrase check (the most popular products of multi-word queries). */
const MAX_CACHED_NAMES = 32_768;

export class SqliteFts5Search implements ProductSearch {
  private vocabulary: { version: number; terms: Vocabulary } | null = null;
  private dataVersion = -1;
  private categories = new Map<number, { name: string; slug: string }>();
  private idByRank = new Int32Array(0);
  private readonly postings = new Map<string, Postings>();
  private postingsHeld = 0;
  /** Bumped whenever a commit is seen: product rows read before it are not kept. */
  private generation = 0;
  private renderer: ((record: ProductRecord) => string) | null = null;
  /** Rendered hits by {@link hitKey}: a hit carries its shop's price, so the key holds the shop. */
  private readonly hitByRank = new Map<number, string>();
  private readonly shelves = new Shelves();
  /** The pharmacy's day the kept hits were rendered on: a promotion may start or end overnight (decision 0530). */
  private hitsDay = '';
  private readonly nameWordsByRank = new Map<number, string[]>();

  private constructor(private readonly runner: SqlRunner) {}

  /** Opens the adapter on the database file (or, for ':memory:', on the app's connection). */
  static open(file: string, db: Db): SqliteFts5Search {
    const inMemory = file === ':memory:' || file === '' || file.startsWith('file::memory:');
    return new SqliteFts5Search(inMemory ? new KyselyRunner(db) : new ReadConnection(file));
  }

  async close(): Promise<void> {
    await this.runner.close();
  }

  search(request: SearchRequest): SearchOutcome | Promise<SearchOutcome> {
    const words = queryWords(request.text);
    if (words.length === 0) return EMPTY_OUTCOME;
    // Nothing committed since the last look and the shop's shelf held (the usual case): no promise
    // on the way to the answer unless a row must be read (decision 0691).
    const vocabulary = this.unchangedVocabulary();
    const shelf = vocabulary && this.shelves.held(request.shopId);
    return shelf ? this.searchHeld(request, words, vocabulary as Vocabulary, shelf) : this.searchAfterReads(request, words, vocabulary);
  }

  /** {@link search} once what is not held is read: the vocabulary after a commit, the shop's shelf the first time. */
  private async searchAfterReads(request: SearchRequest, words: string[], held: Vocabulary | null): Promise<SearchOutcome> {
    const { shopId } = request;
    const vocabulary = held ?? (await this.refresh());
    const shelf = this.shelves.held(shopId) ?? (await this.shelves.of(shopId, () => this.readShelf(shopId)));
    return this.searchHeld(request, words, vocabulary, shelf);
  }

  /** The outcome from the vocabulary and the shelf: at once when every list and hit it needs is kept. */
  private searchHeld(
    { shopId, text, offset, limit, renderHit }: SearchRequest,
    words: string[],
    vocabulary: Vocabulary,
    shelf: Shelf,
  ): SearchOutcome | Promise<SearchOutcome> {
    const code = codeQueryOf(text, words);
    if (code !== null) return this.searchCode(shopId, code, offset, limit).then((page) => this.outcome(shopId, page, null, renderHit));

    const plans = planWords(words, vocabulary);
    if (plans) {
      // Every word is a term of the index: what they find together is the answer, even nothing.
      const byWords = this.searchWords(shelf, plans, offset, limit);
      return byWords instanceof Promise
        ? byWords.then((page) => this.outcome(shopId, page, null, renderHit))
        : this.outcome(shopId, byWords, null, renderHit);
    }
    const bySubstring = this.searchSubstrings(shelf, words, vocabulary, offset, limit);
    if (bySubstring instanceof Promise) {
      return bySubstring.then((page) => this.outcomeOrCorrected(page, shopId, shelf, words, vocabulary, offset, limit, renderHit));
    }
    return this.outcomeOrCorrected(bySubstring, shopId, shelf, words, vocabulary, offset, limit, renderHit);
  }

  /** The substrings' page when it found anything; else the page of the words' spelling correction, if any. */
  private outcomeOrCorrected(
    bySubstring: Page,
    shopId: number,
    shelf: Shelf,
    words: string[],
    vocabulary: Vocabulary,
    offset: number,
    limit: number,
    renderHit: ((record: ProductRecord) => string) | undefined,
  ): SearchOutcome | Promise<SearchOutcome> {
    if (bySubstring.total > 0) return this.outcome(shopId, bySubstring, null, renderHit);
    const corrected = correctWords(words, vocabulary);
    const correctedPlans = corrected ? planWords(corrected, vocabulary) : null;
    if (!corrected || !correctedPlans) return EMPTY_OUTCOME;
    const byCorrected = this.searchWords(shelf, correctedPlans, offset, limit);
    const outcomeOf = (page: Page) => (page.total > 0 ? this.outcome(shopId, page, corrected.join(' '), renderHit) : EMPTY_OUTCOME);
    return byCorrected instanceof Promise ? byCorrected.then(outcomeOf) : outcomeOf(byCorrected);
  }

  /** The shop's products on sale (all of the master's: no filter). */
  private async readShelf(shopId: number): Promise<Shelf> {
    const ranks = await this.runner.int32Column(SHELF_SQL('?'), [shopId]);
    const [masterSize = 0] = await this.runner.column('select count(*) from products', []);
    return Shelf.of(ranks, Number(masterSize));
  }

  private outcome(
    shopId: number,
    page: Page,
    correctedQuery: string | null,
    renderHit: ((record: ProductRecord) => string) | undefined,
  ): SearchOutcome | Promise<SearchOutcome> {
    const today = promotionDay();
    if (today !== this.hitsDay) {
      this.hitsDay = today;
      this.hitByRank.clear();
    }
    if (!renderHit) return this.productsByRank(shopId, page.keys).then((products) => found(page, correctedQuery, products));
    const kept = this.keptHits(shopId, page.keys, renderHit);
    if (kept) return found(page, correctedQuery, [], kept);
    return this.renderedHits(shopId, page.keys, renderHit).then((renderedHits) => found(page, correctedQuery, [], renderedHits));
  }

  /** The page's hits when every one of them is kept rendered (see {@link renderedHits}); else null. */
  private keptHits(shopId: number, ranks: number[], renderHit: (record: ProductRecord) => string): string[] | null {
    if (this.renderer !== renderHit || !this.runner.separate) return null;
    const hits: string[] = [];
    for (const rank of ranks) {
      const hit = this.hitByRank.get(hitKey(shopId, rank));
      if (hit === undefined) return null;
      hits.push(hit);
    }
    return hits;
  }

  /**
   * The page's hits as the caller renders them, each product rendered once and kept until
   * anything is committed to the database (decision 0170): reading a hit's row and turning it into
   * JSON cost more than the whole search. A product row cache, like SQLite's page cache one
   * level up — no query's answer is kept, the page is found by the search every time.
   */
  private async renderedHits(shopId: number, ranks: number[], renderHit: (record: ProductRecord) => string): Promise<string[]> {
    if (this.renderer !== renderHit) {
      this.renderer = renderHit;
      this.hitByRank.clear();
    }
    const cache = this.runner.separate ? this.hitByRank : new Map<number, string>();
    // Taken from the cache before any await: another request may empty it meanwhile.
    const hits = ranks.map((rank) => cache.get(hitKey(shopId, rank)));
    const missing = ranks.filter((_, i) => hits[i] === undefined);
    if (missing.length === 0) return hits as string[];
    // A commit seen by another request while these rows are read empties the cache (refresh):
    // rows read before it serve this answer but are not kept.
    const generation = this.generation;
    const fresh = new Map<number, string>();
    for (const record of await this.productsByRank(shopId, missing)) fresh.set(record.rank, renderHit(record));
    if (generation === this.generation) {
      if (cache.size + fresh.size > MAX_CACHED_HITS) cache.clear();
      for (const [rank, hit] of fresh) cache.set(hitKey(shopId, rank), hit);
    }
    // A product deleted since the search found it is left out, as productsByRank does.
    return ranks.map((rank, i) => hits[i] ?? fresh.get(rank)).filter((hit): hit is string => hit !== undefined);
  }

  /** A ministerial code or its start on the shop's shelf: the products' unique index, most popular first. */
  private async searchCode(shopId: number, code: string, offset: number, limit: number): Promise<Page> {
    // Every product of the range, read through the code index and put in popularity order here:
    // codes are unique and 9 digits long and a code query has 6 or more, so a range holds at most
    // 1,000 products. The page and its total come from one plain lookup; a window count and an
    // order by rank in SQL made the statement ~2.5× the lookup's cost (issue 18).
    const rows = await this.runner.column(`select p.rank ${CODE_RANGE_SQL}`, [shopId, code, code.padEnd(9, '9')]);
    const ranks = Int32Array.from(rows).sort();
    return { keys: Array.from(ranks.subarray(offset, offset + limit)), total: ranks.length, totalIsLowerBound: false };
  }

  /** Tiers 1–6 of the ranking in one intersection, cut to the page; the total is exact. */
  private searchWords(shelf: Shelf, plans: WordPlan[], offset: number, limit: number): Page | Promise<Page> {
    const lists = this.keptPostings(plans);
    return lists
      ? this.pageOfWords(shelf, plans, lists, offset, limit)
      : this.readPostings(plans).then((read) => this.pageOfWords(shelf, plans, read, offset, limit));
  }

  /** The words' postings when every one is kept (the usual case); else null. */
  private keptPostings(plans: WordPlan[]): Postings[] | null {
    const lists: Postings[] = [];
    for (const plan of plans) {
      const list = this.postings.get(postingsKey(plan));
      if (!list) return null;
      lists.push(list);
    }
    return lists;
  }

  /** The words' postings, each read from the index unless kept. */
  private async readPostings(plans: WordPlan[]): Promise<Postings[]> {
    const lists: Postings[] = [];
    for (const plan of plans) lists.push(this.postings.get(postingsKey(plan)) ?? (await this.postingsOf(plan)));
    return lists;
  }

  private pageOfWords(shelf: Shelf, plans: WordPlan[], lists: Postings[], offset: number, limit: number): Page | Promise<Page> {
    const ranked = rankWords(shelf.restrict(this.withTables(plans, postingsKey, lists)), offset + limit + PHRASE_CHECKS);
    const candidates = phraseCandidates(ranked, plans.length, offset);
    if (candidates.length === 0) return wordsPage(ranked, NO_STARTS, offset, limit);
    // Every name kept (the usual case): looked up where they are kept, no map of them made.
    if (this.namesKept(candidates)) {
      return wordsPage(ranked, phraseStarts(plans, candidates, this.nameWordsByRank), offset, limit);
    }
    return this.nameWordsOf(Array.from(candidates)).then((names) => wordsPage(ranked, phraseStarts(plans, candidates, names), offset, limit));
  }

  /** Whether the folded words of every one of these products' names are kept (see {@link nameWordsOf}). */
  private namesKept(ranks: Int32Array): boolean {
    if (!this.runner.separate) return false;
    for (let i = 0; i < ranks.length; i++) if (!this.nameWordsByRank.has(ranks[i] as number)) return false;
    return true;
  }

  /** The folded words of the products' names, kept like rendered hits until the next commit. */
  private async nameWordsOf(ranks: number[]): Promise<Map<number, string[]>> {
    const cache = this.runner.separate ? this.nameWordsByRank : new Map<number, string[]>();
    const names = new Map<number, string[]>();
    const missing: number[] = [];
    for (const rank of ranks) {
      const known = cache.get(rank);
      if (known) names.set(rank, known);
      else missing.push(rank);
    }
    if (missing.length === 0) return names;
    const generation = this.generation;
    const rows = await this.runner.tuples('select rank, nome_prodotto from products where rank in (select value from json_each(?))', [
      JSON.stringify(missing),
    ]);
    const keep = generation === this.generation;
    if (keep && cache.size + rows.length > MAX_CACHED_NAMES) cache.clear();
    for (const [rank, name] of rows) {
      const words = queryWords(foldText(name as string));
      names.set(rank as number, words);
      if (keep) cache.set(rank as number, words);
    }
    return names;
  }

  /** A query word's postings: its term's, or the union of the terms it can complete to (kept under {@link postingsKey}). */
  private async postingsOf(plan: WordPlan): Promise<Postings> {
    if (plan.terms?.length === 1) return this.cachedPostings(plan.terms[0] as string, `"${plan.terms[0]}"`);
    if (plan.terms === null) return this.cachedPostings(`${plan.word}*`, `"${plan.word}"*`);
    const key = postingsKey(plan);
    const known = this.postings.get(key);
    if (known) return known;
    const parts: Postings[] = [];
    for (const term of plan.terms) parts.push(this.postings.get(term) ?? (await this.cachedPostings(term, quote(term))));
    return this.remember(key, union(parts));
  }

  /** Postings of an FTS5 phrase (a term, or a prefix with `*`), read field by field once. */
  private async cachedPostings(key: string, phrase: string): Promise<Postings> {
    const known = this.postings.get(key);
    if (known) return known;
    const fields: { bit: number; ranks: Int32Array }[] = [];
    for (const field of FIELD_NAMES) {
      const ranks = await this.runner.int32Column(
        'select rowid from product_search where product_search match ? order by rowid',
        [`${field} : ${phrase}`],
      );
      fields.push({ bit: FIELD[field], ranks });
    }
    return this.remember(key, mergeFields(fields));
  }

  private remember(key: string, postings: Postings): Postings {
    // At least 1: empty postings are kept too (typos), and endless distinct ones must still fill the cache.
    const size = Math.max(1, postings.ranks.length + (postings.byRank?.length ?? 0) / 4);
    if (this.postingsHeld + size > MAX_CACHED_POSTINGS) {
      this.postings.clear();
      this.postingsHeld = 0;
    }
    this.postings.set(key, postings);
    this.postingsHeld += size;
    return postings;
  }

  /**
   * The query words' postings (kept under `keyOf` of each word) with the by-rank table of each frequent one the
   * intersection looks up rather than walks (all but the shortest list), made on that first need
   * and kept in its place: a frequent word searched alone or driving the walk never needs one, and
   * 32 of the bench's 127 tables were never looked up (issue 18: RSS).
   */
  private withTables<T>(words: readonly T[], keyOf: (word: T) => string, lists: Postings[]): Postings[] {
    if (lists.length < 2) return lists;
    const maxRank = this.idByRank.length - 1;
    let shortest = 0;
    for (let i = 1; i < lists.length; i++) if ((lists[i] as Postings).ranks.length < (lists[shortest] as Postings).ranks.length) shortest = i;
    // Once the mix's words have their tables (the usual case), the lists as they are: no copy, no keys.
    let missing = false;
    for (let i = 0; i < lists.length && !missing; i++) {
      const list = lists[i] as Postings;
      missing = i !== shortest && lacksTable(list, maxRank);
    }
    if (!missing) return lists;
    // A word typed twice ('875 mg + 125 mg') is one list: one table for both.
    const made = new Map<Postings, Postings>();
    return lists.map((list, i) => {
      if (i === shortest || !lacksTable(list, maxRank)) return list;
      let dense = made.get(list);
      if (dense) return dense;
      dense = densify(list, maxRank);
      made.set(list, dense);
      const key = keyOf(words[i] as T);
      if (this.postings.get(key) === list) {
        this.postings.set(key, dense);
        // Counted as a quarter of its length, as in remember(); the next remember() holds the limit.
        this.postingsHeld += (dense.byRank?.length ?? 0) / 4;
      }
      return dense;
    });
  }

  /**
   * Substrings of the name ('pirina' finds TACHIPIRINA): every word of 3+ letters, popularity
   * order. A query word holds no separator, so it can only lie inside one word of a name: the
   * vocabulary says which terms hold it, and one FTS5 statement reads the products whose name has
   * any of them (kept like a prefix's postings). The trigram index answered the same at several
   * times the cost per request (decision 0171).
   */
  private searchSubstrings(shelf: Shelf, words: string[], vocabulary: Vocabulary, offset: number, limit: number): Page | Promise<Page> {
    const usable = words.filter((w) => w.length >= 3);
    if (usable.length === 0) return NOTHING;
    const lists: Postings[] = [];
    for (const part of usable) {
      const list = this.postings.get(substringKey(part));
      if (!list) return this.readSubstrings(usable, vocabulary).then((read) => (read ? this.substringsPage(shelf, usable, read, offset, limit) : NOTHING));
      // A typo is inside no word of the catalogue: nothing to read, go correct it.
      if (list.ranks.length === 0) return NOTHING;
      lists.push(list);
    }
    return this.substringsPage(shelf, usable, lists, offset, limit);
  }

  /** The parts' postings, each read unless kept; null at the first part inside no word (see {@link searchSubstrings}). */
  private async readSubstrings(usable: string[], vocabulary: Vocabulary): Promise<Postings[] | null> {
    const lists: Postings[] = [];
    for (const part of usable) {
      const list = this.postings.get(substringKey(part)) ?? (await this.substringPostings(part, vocabulary));
      if (list.ranks.length === 0) return null;
      lists.push(list);
    }
    return lists;
  }

  private substringsPage(shelf: Shelf, usable: string[], lists: Postings[], offset: number, limit: number): Page {
    // Only the name bit is set, so every match lands in tier 3, in popularity order.
    const ranked = rankWords(shelf.restrict(this.withTables(usable, substringKey, lists)), offset + limit);
    const head = ranked.heads[3] as Int32Array;
    const total = ranked.counts[3] as number;
    return { keys: Array.from(head.subarray(offset, Math.min(offset + limit, total))), total, totalIsLowerBound: false };
  }

  private async substringPostings(part: string, vocabulary: Vocabulary): Promise<Postings> {
    const key = substringKey(part);
    const known = this.postings.get(key);
    if (known) return known;
    const terms = vocabulary.containing(part);
    // Kept too: a typo is inside no term, and looking for it in the whole vocabulary again on
    // every search of it was the costliest step of correcting it (issue 18, decision 0597).
    if (terms.length === 0) return this.remember(key, EMPTY_POSTINGS);
    const ranks = await this.runner.int32Column(
      'select rowid from product_search where product_search match ? order by rowid',
      [`nome : (${terms.map(quote).join(' OR ')})`],
    );
    return this.remember(key, { ranks, masks: new Uint8Array(ranks.length).fill(FIELD.nome) });
  }

  /**
   * The vocabulary when nothing at all was committed to the database since the last look, read
   * without leaving the current turn of the event loop; null when {@link refresh} must run.
   */
  private unchangedVocabulary(): Vocabulary | null {
    const { runner } = this;
    if (!this.vocabulary || !runner.dataVersion) return null;
    return this.dataVersionLook.read(() => (runner.dataVersion as () => number)()) === this.dataVersion ? this.vocabulary.terms : null;
  }

  /**
   * `pragma data_version` looked at once per pass of the event loop's poll (decision 0613,
   * `db/poll-pass-look.ts`): the requests read from their sockets in one pass were all sent before
   * that poll returned, so one look after it serves them all, as long as this process wrote nothing
   * meanwhile; another process's commit is seen from the loop's next poll on.
   */
  private readonly dataVersionLook = new PollPassLook<number>();

  /**
   * Brings what the adapter holds in memory up to date: the categories when anything was
   * committed since the last look, the vocabulary (and the postings, dropped) when the index
   * itself changed (its version moved).
   */
  private async refresh(): Promise<Vocabulary> {
    if (this.vocabulary && this.runner.separate) {
      // Cheapest check first: did any other connection commit anything since the last look?
      const [dataVersion] = await this.runner.column('pragma data_version', []);
      if (dataVersion === this.dataVersion) return this.vocabulary.terms;
      this.dataVersion = dataVersion ?? -1;
    }
    this.generation++;
    this.hitByRank.clear();
    this.nameWordsByRank.clear();
    const categories = await this.runner.all<{ id: number; name: string; slug: string }>('select id, name, slug from categories', []);
    this.categories = new Map(categories.map((c) => [c.id, c]));
    const [version = 0, offersVersion = 0] = (
      await this.runner.tuples('select version, offers_version from catalogue_search_state where id = 1', [])
    )[0] as number[];
    this.shelves.seen(offersVersion);
    if (this.vocabulary?.version !== version) {
      const terms = await this.runner.all<VocabularyTerm>('select term, doc as docs from product_search_vocab', []);
      this.vocabulary = { version, terms: new Vocabulary(terms) };
      this.postings.clear();
      this.postingsHeld = 0;
      // Rank → row id: hits are then read straight by rowid, not through the rank index. Read as
      // one number per product, not a row object each (250,000 of them made a 60 MB spike).
      const [maxRank = 0] = await this.runner.column('select coalesce(max(rank), 0) from products', []);
      this.idByRank = new Int32Array(maxRank + 1);
      const packed = await this.runner.column('select rank * 4294967296 + id from products', []);
      for (const value of packed) this.idByRank[Math.floor(value / 4294967296)] = value % 4294967296;
    }
    return this.vocabulary.terms;
  }

  /**
   * The page's products: rows read as plain arrays (better-sqlite3 builds an object with named
   * keys at several times the cost) and category names from memory (joining the categories
   * table four times per hit cost more than the search itself).
   */
  private async productsByRank(shopId: number, ranks: number[]): Promise<ProductRecord[]> {
    if (ranks.length === 0) return [];
    // The master's row and the shop's offer of it (the price, stock and promotion it shows).
    const rows = await this.runner.tuples(
      `select ${HIT_SELECT} from products p join product_offers o on o.product_id = p.id and o.shop_id = ?
       where p.id in (${ranks.map(() => '?').join(',')})`,
      [shopId, ...ranks.map((rank) => this.idByRank[rank] ?? 0)],
    );
    const byRank = new Map<number, unknown[]>();
    for (const row of rows) byRank.set(row[12] as number, row);
    const records: ProductRecord[] = [];
    const today = promotionDay();
    for (const rank of ranks) {
      const r = byRank.get(rank);
      if (r) records.push(hitFromRow(r, 0, this.categories, today));
    }
    return records;
  }
}
