import SQLite from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import type { Db } from '../db/database.js';
import type { ProductRecord } from '../modules/catalogue/catalogue.table.js';
import { PRODUCT_HIT_SELECT } from './product-record-sql.js';
import {
  EMPTY_OUTCOME,
  type ProductSearch,
  pageAcrossTiers,
  type SearchOutcome,
  type SearchRequest,
  type Tier,
} from './product-search.js';
import { exactCodeOf, queryWords, Vocabulary, type VocabularyTerm } from './query-text.js';

/**
 * ProductSearch on SQLite FTS5 (decisions 0165–0167). `product_search` holds the words of name,
 * first word of the name, active principle, manufacturer, ATC and code (unicode61, diacritics
 * folded, prefix indexes 2–4); `product_search_trigram` the name's trigrams. Both are keyed by the
 * product's popularity rank, so `order by rowid` is popularity order for free. Triggers of
 * migration 0020 keep them in step with the products table.
 *
 * Queries run on a read-only connection of their own (WAL lets it read while the app writes)
 * with prepared statements kept for reuse: no query builder, no connection queue on the path of
 * the busiest endpoint of the app.
 */

/** What the adapter needs from a connection: run one statement, get its rows. */
interface SqlRunner {
  all<T>(sql: string, params: readonly unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** A read-only better-sqlite3 connection to the database file, with a statement cache. */
class ReadConnection implements SqlRunner {
  private readonly db: SQLite.Database;
  private readonly statements = new Map<string, SQLite.Statement>();

  constructor(file: string) {
    this.db = new SQLite(file, { readonly: true, fileMustExist: true });
    this.db.pragma('busy_timeout = 5000');
    // Keep the hot part of the index in memory (pages are 4 KiB): 64 MiB at most.
    this.db.pragma('cache_size = -65536');
  }

  async all<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement.all(...params) as T[];
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

/** For an in-memory database (nothing to open twice): the app's own Kysely connection. */
class KyselyRunner implements SqlRunner {
  constructor(private readonly db: Db) {}
  async all<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
    const result = await this.db.executeQuery<T>(CompiledQuery.raw(sql, [...params]));
    return [...result.rows];
  }
  async close(): Promise<void> {}
}

const quote = (word: string, prefix: boolean) => `"${word}"${prefix ? '*' : ''}`;

/**
 * The nested match sets of the ranking, as FTS5 queries: S1 ⊆ S2 ⊆ … ⊆ S6 (see ProductSearch).
 * The last word is a prefix (the customer is still typing it) unless it is a single character,
 * which no prefix index covers and which would match most of the catalogue.
 */
export function matchSets(words: readonly string[]): string[] {
  const last = words.length - 1;
  const lastIsPrefix = (words[last]?.length ?? 0) >= 2;
  const all = words.map((w, i) => quote(w, i === last && lastIsPrefix)).join(' AND ');
  const first = words[0] as string;
  const sets: string[] = [];
  if (words.length === 1) {
    sets.push(`inizio : ${quote(first, lastIsPrefix)}`);
  } else {
    sets.push(`inizio : ${quote(first, false)} AND nome : ^${quote(words.join(' '), lastIsPrefix)}`);
    sets.push(`inizio : ${quote(first, false)} AND nome : (${all})`);
  }
  sets.push(`nome : (${all})`);
  sets.push(`{nome principio} : (${all})`);
  sets.push(`{nome principio ditta} : (${all})`);
  sets.push(all);
  return sets;
}

/** Disjoint tiers from nested sets: each set without the one before it. */
export function tierQueries(sets: readonly string[]): string[] {
  return sets.map((set, i) => (i === 0 ? set : `(${set}) NOT (${sets[i - 1]})`));
}

const NO_ROW = -1;

export class SqliteFts5Search implements ProductSearch {
  private vocabulary: { version: number; terms: Vocabulary } | null = null;

  private constructor(private readonly runner: SqlRunner) {}

  /** Opens the adapter on the database file (or, for ':memory:', on the app's connection). */
  static open(file: string, db: Db): SqliteFts5Search {
    const inMemory = file === ':memory:' || file === '' || file.startsWith('file::memory:');
    return new SqliteFts5Search(inMemory ? new KyselyRunner(db) : new ReadConnection(file));
  }

  async close(): Promise<void> {
    await this.runner.close();
  }

  async search({ text, offset, limit }: SearchRequest): Promise<SearchOutcome> {
    const code = exactCodeOf(text);
    let exactRank = NO_ROW;
    if (code) {
      const [row] = await this.runner.all<{ rank: number }>('select rank from products where codice_ministeriale = ?', [code]);
      if (row) exactRank = row.rank;
    }
    const words = exactRank === NO_ROW ? queryWords(text) : [code as string];
    if (words.length === 0) return EMPTY_OUTCOME;

    const byWords = await this.searchWords(words, offset, limit, exactRank);
    if (byWords.total > 0) return this.outcome(byWords, null);

    const bySubstring = await this.searchSubstrings(words, offset, limit);
    if (bySubstring.total > 0) return this.outcome(bySubstring, null);

    const corrected = await this.correct(words);
    if (!corrected) return EMPTY_OUTCOME;
    const byCorrected = await this.searchWords(corrected, offset, limit, NO_ROW);
    return byCorrected.total > 0 ? this.outcome(byCorrected, corrected.join(' ')) : EMPTY_OUTCOME;
  }

  private async outcome(page: { total: number; keys: number[] }, correctedQuery: string | null): Promise<SearchOutcome> {
    return { total: page.total, products: await this.productsByRank(page.keys), correctedQuery };
  }

  /** Tiers 0–6 of the ranking; the exact-code product (if any) first and out of the tiers. */
  private async searchWords(words: string[], offset: number, limit: number, exactRank: number) {
    const sets = matchSets(words);
    const tiers = tierQueries(sets).map((query) => this.ftsTier('product_search', query, exactRank));
    let skip = offset;
    let take = limit;
    const keys: number[] = [];
    if (exactRank !== NO_ROW) {
      if (skip === 0) {
        keys.push(exactRank);
        take--;
      } else skip--;
    }
    const extra = exactRank === NO_ROW ? 0 : 1;
    if (take === 0) return { keys, total: await this.countMatches('product_search', sets.at(-1) as string, NO_ROW) };
    const page = await pageAcrossTiers(tiers, skip, take);
    keys.push(...page.keys);
    const total = page.total ?? (await this.countMatches('product_search', sets.at(-1) as string, exactRank));
    return { keys, total: total + extra };
  }

  /** Substrings of the name ('pirina' finds TACHIPIRINA): every word of 3+ letters, popularity order. */
  private async searchSubstrings(words: string[], offset: number, limit: number) {
    const usable = words.filter((w) => w.length >= 3);
    if (usable.length === 0) return { keys: [], total: 0 };
    const query = usable.map((w) => quote(w, false)).join(' AND ');
    const page = await pageAcrossTiers([this.ftsTier('product_search_trigram', query, NO_ROW)], offset, limit);
    return { keys: page.keys, total: page.total ?? (await this.countMatches('product_search_trigram', query, NO_ROW)) };
  }

  private ftsTier(table: string, query: string, excluded: number): Tier {
    return {
      fetch: async (skip, limit) =>
        (
          await this.runner.all<{ rowid: number }>(
            `select rowid from ${table} where ${table} match ? and rowid != ? order by rowid limit ? offset ?`,
            [query, excluded, limit, skip],
          )
        ).map((r) => r.rowid),
      count: (cap) => this.countMatches(table, query, excluded, cap),
    };
  }

  private async countMatches(table: string, query: string, excluded: number, cap = -1): Promise<number> {
    const [row] = await this.runner.all<{ n: number }>(
      `select count(*) as n from (select 1 from ${table} where ${table} match ? and rowid != ? limit ?)`,
      [query, excluded, cap],
    );
    return row?.n ?? 0;
  }

  /**
   * Each word the index does not know, replaced by its closest term (decision 0167); null when
   * nothing could be corrected. The vocabulary is the index's own (fts5vocab), reloaded when
   * the index has changed since it was read.
   */
  private async correct(words: string[]): Promise<string[] | null> {
    const vocabulary = await this.currentVocabulary();
    const last = words.length - 1;
    let changed = false;
    const corrected = words.map((word, i) => {
      const asPrefix = i === last && word.length >= 2;
      if (vocabulary.has(word, asPrefix)) return word;
      const replacement = vocabulary.correct(word, asPrefix);
      if (replacement === null) return word;
      changed = true;
      return replacement;
    });
    return changed ? corrected : null;
  }

  private async currentVocabulary(): Promise<Vocabulary> {
    const [state] = await this.runner.all<{ version: number }>(
      'select version from catalogue_search_state where id = 1',
      [],
    );
    const version = state?.version ?? 0;
    if (this.vocabulary?.version !== version) {
      const terms = await this.runner.all<VocabularyTerm>('select term, doc as docs from product_search_vocab', []);
      this.vocabulary = { version, terms: new Vocabulary(terms) };
    }
    return this.vocabulary.terms;
  }

  private async productsByRank(ranks: number[]): Promise<ProductRecord[]> {
    if (ranks.length === 0) return [];
    const rows = await this.runner.all<ProductRecord>(
      `${PRODUCT_HIT_SELECT} where p.rank in (${ranks.map(() => '?').join(',')})`,
      ranks,
    );
    const byRank = new Map(rows.map((r) => [r.rank, r]));
    return ranks.map((rank) => byRank.get(rank)).filter((r): r is ProductRecord => r !== undefined);
  }
}
