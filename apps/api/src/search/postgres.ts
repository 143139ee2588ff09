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
import { editDistance, exactCodeOf, queryWords, typoBudget } from './query-text.js';

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

export class PostgresSearch implements ProductSearch {
  constructor(private readonly db: Db) {}

  async close(): Promise<void> {}

  private async all<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
    const result = await this.db.executeQuery<T>(CompiledQuery.raw(sql, [...params]));
    return [...result.rows];
  }

  async search({ text, offset, limit }: SearchRequest): Promise<SearchOutcome> {
    const code = exactCodeOf(text);
    let exactRank = -1;
    if (code) {
      const [row] = await this.all<{ rank: number }>('select rank from products where codice_ministeriale = $1', [code]);
      if (row) exactRank = row.rank;
    }
    const words = exactRank === -1 ? queryWords(text) : [code as string];
    if (words.length === 0) return EMPTY_OUTCOME;

    const byWords = await this.searchWords(words, offset, limit, exactRank);
    if (byWords.total > 0) return this.outcome(byWords, null);

    const substrings = words.filter((w) => w.length >= 3);
    if (substrings.length > 0) {
      const where = substrings.map((_, i) => `search_text like $${i + 1}`).join(' and ');
      const params = substrings.map((w) => `%${w}%`);
      const bySubstring = await this.page([this.tier(where, params, -1)], where, params, offset, limit);
      if (bySubstring.total > 0) return this.outcome(bySubstring, null);
    }
    return this.searchTypos(words, offset, limit);
  }

  private async outcome(page: { total: number; keys: number[] }, correctedQuery: string | null): Promise<SearchOutcome> {
    return { total: page.total, products: await this.productsByRank(page.keys), correctedQuery };
  }

  private async searchWords(words: string[], offset: number, limit: number, exactRank: number) {
    const sets = matchSets(words);
    const tiers = sets.map((set, i) => {
      if (i === 0) return this.tier(set.sql, set.params, exactRank);
      const previous = sets[i - 1] as { sql: string; params: unknown[] };
      return this.tier(
        `(${set.sql}) and not (${shifted(previous.sql, set.params.length)})`,
        [...set.params, ...previous.params],
        exactRank,
      );
    });
    const broadest = sets.at(-1) as { sql: string; params: unknown[] };
    let skip = offset;
    let take = limit;
    const keys: number[] = [];
    if (exactRank !== -1) {
      if (skip === 0) {
        keys.push(exactRank);
        take--;
      } else skip--;
    }
    if (take === 0) return { keys, total: await this.count(broadest.sql, broadest.params, -1, -1) };
    const page = await pageAcrossTiers(tiers, skip, take);
    keys.push(...page.keys);
    const total = page.total ?? (await this.count(broadest.sql, broadest.params, exactRank, -1));
    return { keys, total: total + (exactRank === -1 ? 0 : 1) };
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
      const byCorrected = await this.searchWords(corrected, offset, limit, -1);
      if (byCorrected.total > 0) return this.outcome(byCorrected, corrected.join(' '));
    }
    const similar = await this.all<{ rank: number }>(
      'select rank from products where $1 <% search_text order by word_similarity($1, search_text) desc, rank limit $2 offset $3',
      [text, limit, offset],
    );
    const total = await this.count('$1 <% search_text', [text], -1, -1);
    return this.outcome({ keys: similar.map((r) => r.rank), total }, null);
  }

  private async page(tiers: Tier[], where: string, params: unknown[], offset: number, limit: number) {
    const page = await pageAcrossTiers(tiers, offset, limit);
    return { keys: page.keys, total: page.total ?? (await this.count(where, params, -1, -1)) };
  }

  private tier(where: string, params: readonly unknown[], excluded: number): Tier {
    const n = params.length;
    return {
      fetch: async (skip, limit) =>
        (
          await this.all<{ rank: number }>(
            `select rank from products where ${where} and rank <> $${n + 1} order by rank limit $${n + 2} offset $${n + 3}`,
            [...params, excluded, limit, skip],
          )
        ).map((r) => r.rank),
      count: (cap) => this.count(where, params, excluded, cap),
    };
  }

  private async count(where: string, params: readonly unknown[], excluded: number, cap: number): Promise<number> {
    const n = params.length;
    const limit = cap < 0 ? '' : ` limit $${n + 2}`;
    const [row] = await this.all<{ n: number }>(
      `select count(*) as n from (select 1 from products where ${where} and rank <> $${n + 1}${limit}) t`,
      cap < 0 ? [...params, excluded] : [...params, excluded, cap],
    );
    return row?.n ?? 0;
  }

  private async productsByRank(ranks: number[]): Promise<ProductRecord[]> {
    if (ranks.length === 0) return [];
    const rows = await this.all<ProductRecord>(`${PRODUCT_HIT_SELECT} where p.rank = any($1::int[])`, [ranks]);
    const byRank = new Map(rows.map((r) => [r.rank, r]));
    return ranks.map((rank) => byRank.get(rank)).filter((r): r is ProductRecord => r !== undefined);
  }
}
