import { SEARCH_MAX_RESULT_WINDOW } from '@farmacia/contract';
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
import { codeQueryOf, editDistance, queryWords, typoBudget } from './query-text.js';

/**
 * ProductSearch on PostgreSQL (decisions 0165–0167): the generated `search_vector` (simple
 * configuration + unaccent, weight A name, B active principle, C manufacturer, D ATC and code)
 * with a GIN index, and pg_trgm over `search_text` (folded name + active principle) for
 * substrings and typos. The same tiers as the SQLite adapter, each a query in popularity order.
 */

/** A tsquery over the words: the last one a prefix, optionally only in the given weights. */
function tsquery(words: readonly string[], weights = ''): string {
  const last = words.length - 1;
  return words
    .map((w, i) => {
      const prefix = i === last && w.length >= 2 ? '*' : '';
      return prefix || weights ? `${w}:${prefix}${weights}` : w;
    })
    .join(' & ');
}

/** The nested match sets S1 ⊆ … ⊆ S6 as SQL conditions with their parameters (from $1). */
function matchSets(words: readonly string[]): { sql: string; params: unknown[] }[] {
  const last = words.length - 1;
  const typed = words.join(' ');
  const lastIsPrefix = (words[last]?.length ?? 0) >= 2;
  const all = tsquery(words);
  const within = (weights: string) => ({
    sql: `search_vector @@ to_tsquery('simple', $1) and search_vector @@ to_tsquery('simple', $2)`,
    params: [all, tsquery(words, weights)],
  });
  const sets: { sql: string; params: unknown[] }[] = [];
  if (words.length === 1) {
    sets.push({ sql: `search_vector @@ to_tsquery('simple', $1) and search_name like $2`, params: [all, `${typed}%`] });
  } else {
    sets.push({
      sql: `search_vector @@ to_tsquery('simple', $1) and search_name like $2`,
      params: [all, `${typed}${lastIsPrefix ? '%' : ' %'}`],
    });
    sets.push({
      sql: `search_vector @@ to_tsquery('simple', $1) and search_vector @@ to_tsquery('simple', $2) and search_name like $3`,
      params: [all, tsquery(words, 'A'), `${words[0]} %`],
    });
  }
  sets.push(within('A'), within('AB'), within('ABC'));
  sets.push({ sql: `search_vector @@ to_tsquery('simple', $1)`, params: [all] });
  return sets;
}

/** Renumbers `$n` placeholders of a condition by `shift`. */
function shifted(sql: string, shift: number): string {
  return sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + shift}`);
}

/** Up to this many matches, the tiers are computed in one ordered statement instead of one per tier. */
const ONE_STATEMENT_UP_TO = 2000;

interface Page {
  keys: number[];
  total: number;
  totalIsLowerBound: boolean;
}

export class PostgresSearch implements ProductSearch {
  /** @param oneStatementUpTo see ONE_STATEMENT_UP_TO (tests lower it to exercise the per-tier path). */
  constructor(
    private readonly db: Db,
    private readonly oneStatementUpTo = ONE_STATEMENT_UP_TO,
  ) {}

  async close(): Promise<void> {}

  private async all<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
    const result = await this.db.executeQuery<T>(CompiledQuery.raw(sql, [...params]));
    return [...result.rows];
  }

  async search({ text, offset, limit }: SearchRequest): Promise<SearchOutcome> {
    const words = queryWords(text);
    if (words.length === 0) return EMPTY_OUTCOME;
    const code = codeQueryOf(text, words);
    if (code !== null) return this.outcome(await this.searchCode(code, offset, limit), null);

    const byWords = await this.searchWords(words, offset, limit);
    if (byWords.total > 0) return this.outcome(byWords, null);

    const substrings = words.filter((w) => w.length >= 3);
    if (substrings.length > 0) {
      const where = substrings.map((_, i) => `search_text like $${i + 1}`).join(' and ');
      const params = substrings.map((w) => `%${w}%`);
      const bySubstring = await this.page([this.tier(where, params)], offset, limit, { sql: where, params });
      if (bySubstring.total > 0) return this.outcome(bySubstring, null);
    }
    return this.searchTypos(words, offset, limit);
  }

  private async outcome(page: Page, correctedQuery: string | null): Promise<SearchOutcome> {
    return {
      total: page.total,
      totalIsLowerBound: page.totalIsLowerBound,
      products: await this.productsByRank(page.keys),
      correctedQuery,
    };
  }

  /** A ministerial code or its start: the products' unique index, most popular first. */
  private async searchCode(code: string, offset: number, limit: number): Promise<Page> {
    const range = [code, code.padEnd(9, '9')];
    const rows = await this.all<{ rank: number }>(
      'select rank from products where codice_ministeriale between $1 and $2 order by rank limit $3 offset $4',
      [...range, limit, offset],
    );
    const [count] = await this.all<{ n: number }>(
      'select count(*) as n from products where codice_ministeriale between $1 and $2',
      range,
    );
    return { keys: rows.map((r) => r.rank), total: count?.n ?? 0, totalIsLowerBound: false };
  }

  private async searchWords(words: string[], offset: number, limit: number): Promise<Page> {
    const sets = matchSets(words);
    const tiers = sets.map((set, i) => {
      if (i === 0) return this.tier(set.sql, set.params);
      const previous = sets[i - 1] as { sql: string; params: unknown[] };
      return this.tier(`(${set.sql}) and not (${shifted(previous.sql, set.params.length)})`, [
        ...set.params,
        ...previous.params,
      ]);
    });
    const broadest = sets.at(-1) as { sql: string; params: unknown[] };
    const counted = await this.countUpToWindow(broadest.sql, broadest.params);
    if (counted.total <= offset) return { keys: [], ...counted };
    if (counted.total <= this.oneStatementUpTo) {
      // Few matches (a product name, a brand): rank them all in one statement by their tier.
      const params: unknown[] = [...broadest.params];
      const cases = sets.slice(0, -1).map((set, i) => {
        const sql = shifted(set.sql, params.length);
        params.push(...set.params);
        return `when ${sql} then ${i + 1}`;
      });
      const n = params.length;
      const rows = await this.all<{ rank: number }>(
        `select rank from products where ${broadest.sql}
         order by case ${cases.join(' ')} else ${sets.length} end, rank limit $${n + 1} offset $${n + 2}`,
        [...params, limit, offset],
      );
      return { keys: rows.map((r) => r.rank), ...counted };
    }
    const page = await pageAcrossTiers(tiers, offset, limit);
    return { keys: page.keys, ...counted };
  }

  /**
   * Typos: products whose folded name and active principle hold something similar to the text
   * (pg_trgm word similarity ≥ 0.6), most similar first. When the best one suggests a spelling
   * for every unknown word, the words are corrected and searched again through the tiers, like
   * the SQLite adapter does with its vocabulary.
   */
  private async searchTypos(words: string[], offset: number, limit: number): Promise<SearchOutcome> {
    const text = words.join(' ');
    const [best] = await this.all<{ search_text: string }>(
      'select search_text from products where $1 <% search_text order by word_similarity($1, search_text) desc, rank limit 1',
      [text],
    );
    if (!best) return EMPTY_OUTCOME;
    const hitWords = queryWords(best.search_text);
    let changed = false;
    const corrected = words.map((word) => {
      if (hitWords.some((h) => h.startsWith(word))) return word;
      const budget = typoBudget(word);
      let choice: { word: string; distance: number } | null = null;
      for (const h of hitWords) {
        const distance = editDistance(word, h, budget);
        if (distance <= budget && (!choice || distance < choice.distance)) choice = { word: h, distance };
      }
      if (!choice) return word;
      changed = true;
      return choice.word;
    });
    if (changed) {
      const byCorrected = await this.searchWords(corrected, offset, limit);
      if (byCorrected.total > 0) return this.outcome(byCorrected, corrected.join(' '));
    }
    const similar = await this.all<{ rank: number }>(
      'select rank from products where $1 <% search_text order by word_similarity($1, search_text) desc, rank limit $2 offset $3',
      [text, limit, offset],
    );
    const counted = await this.countUpToWindow('$1 <% search_text', [text]);
    return this.outcome({ keys: similar.map((r) => r.rank), ...counted }, null);
  }

  /** Cuts the page across tiers; counts the broadest set (up to the window) when the page is full. */
  private async page(tiers: Tier[], offset: number, limit: number, broadest: { sql: string; params: unknown[] }): Promise<Page> {
    if (offset > 0) {
      // A page past the end (infinite scroll asking once more) needs one count, not six.
      const counted = await this.countUpToWindow(broadest.sql, broadest.params);
      if (counted.total <= offset) return { keys: [], ...counted };
    }
    const page = await pageAcrossTiers(tiers, offset, limit);
    if (page.total !== null) return { keys: page.keys, total: page.total, totalIsLowerBound: false };
    return { keys: page.keys, ...(await this.countUpToWindow(broadest.sql, broadest.params)) };
  }

  private tier(where: string, params: readonly unknown[]): Tier {
    const n = params.length;
    return {
      fetch: async (skip, limit) =>
        (
          await this.all<{ rank: number }>(
            `select rank from products where ${where} order by rank limit $${n + 1} offset $${n + 2}`,
            [...params, limit, skip],
          )
        ).map((r) => r.rank),
      count: (cap) => this.count(where, params, cap),
    };
  }

  private async count(where: string, params: readonly unknown[], cap: number): Promise<number> {
    const n = params.length;
    const [row] = await this.all<{ n: number }>(
      `select count(*) as n from (select 1 from products where ${where} limit $${n + 1}) t`,
      [...params, cap],
    );
    return row?.n ?? 0;
  }

  /** Counts matches up to the result window, like the SQLite adapter (decision 0166). */
  private async countUpToWindow(where: string, params: readonly unknown[]): Promise<Omit<Page, 'keys'>> {
    const n = await this.count(where, params, SEARCH_MAX_RESULT_WINDOW + 1);
    return n > SEARCH_MAX_RESULT_WINDOW
      ? { total: SEARCH_MAX_RESULT_WINDOW, totalIsLowerBound: true }
      : { total: n, totalIsLowerBound: false };
  }

  private async productsByRank(ranks: number[]): Promise<ProductRecord[]> {
    if (ranks.length === 0) return [];
    const rows = await this.all<ProductRecord>(`${PRODUCT_HIT_SELECT} where p.rank = any($1::int[])`, [ranks]);
    const byRank = new Map(rows.map((r) => [r.rank, r]));
    return ranks.map((rank) => byRank.get(rank)).filter((r): r is ProductRecord => r !== undefined);
  }
}
