import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { densify, FIELD, type Postings, union } from './postings.js';
import { foldText, Vocabulary } from './query-text.js';

/**
 * The PostgreSQL search adapter's index (decision 0190): the postings of every term of the
 * catalogue (ranks where it occurs, with the fields it occurs in, as postings.ts keeps them for
 * SQLite), built in memory from one snapshot read of the products table and labelled with the
 * catalogue search version (migration 0025). It is index data, not a result cache: no query's
 * answer is kept. Another API instance's write moves the version, and the next search of every
 * instance rebuilds before answering.
 *
 * Products are tokenized like FTS5 unicode61 with diacritics removed and like the query words
 * (query-text.ts): letters and digits, lowercase, folded. `inizio` holds the words of the name's
 * first space-separated chunk, as the SQLite index does; codes are not indexed (found through the
 * products' unique index).
 */
export interface CatalogueIndex {
  /** The catalogue search version the snapshot was read at. */
  readonly version: number;
  readonly vocabulary: Vocabulary;
  /** The highest rank there is (arrays by rank are this long + 1). */
  readonly maxRank: number;
  /** Every term's postings (without the by-rank table: see {@link termPostings}). */
  readonly postings: ReadonlyMap<string, Postings>;
  /** Postings given their by-rank table once a search used them (only frequent terms get one). */
  readonly densified: Map<string, Postings>;
  /** Every term, sorted (prefix ranges, substrings). */
  readonly terms: readonly string[];
  /** Products' names by rank (the multi-word "name starts with the text" check). */
  readonly names: readonly (string | undefined)[];
  /** Unions computed for the word being typed ('cr' → every term it starts), by prefix. */
  readonly prefixUnions: Map<string, Postings>;
  /**
   * Each product's rank by its id (-1: none), so a shop's shelf is read as the product ids of its
   * offers — from an index alone, without joining 20,000 products to order them (issue 18).
   */
  readonly rankOfId: Int32Array;
  /** Each rank's product id (the reverse of {@link rankOfId}): a kept hit's offer is read by its key alone (decision 0675). */
  readonly idOfRank: Int32Array;
  /** How many products the snapshot holds (a shelf this long is the whole master). */
  readonly size: number;
  /**
   * Each category's products (its whole subtree, as `cat1_id`…`cat4_id` hold them) as ranks,
   * ascending: a category page on a shop's shelf is cut in memory (issue 18 "Scale").
   */
  readonly byCategory: ReadonlyMap<number, Int32Array>;
}

/** Products read per statement while building (bounds the rows held at once, so the peak memory). */
const CHUNK = 5_000;
const WORD = /[\p{L}\p{N}]+/gu;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
const NON_ASCII = /[^\u0000-\u007f]/;

function fold(text: string): string {
  return NON_ASCII.test(text) ? foldText(text) : text.toLowerCase();
}

/** One term's postings while they grow, in rank order (products are read by rank). */
class Growing {
  ranks = new Int32Array(4);
  masks = new Uint8Array(4);
  n = 0;
  push(rank: number, mask: number): void {
    if (this.n === this.ranks.length) {
      const ranks = new Int32Array(this.n * 2);
      ranks.set(this.ranks);
      this.ranks = ranks;
      const masks = new Uint8Array(this.n * 2);
      masks.set(this.masks);
      this.masks = masks;
    }
    this.ranks[this.n] = rank;
    this.masks[this.n] = mask;
    this.n++;
  }
}

interface ProductText {
  id: number;
  rank: number;
  cat1_id: number | null;
  cat2_id: number | null;
  cat3_id: number | null;
  cat4_id: number | null;
  nome_prodotto: string;
  descrizione_pricipio_attivo: string | null;
  descrizione_ditta_1_produttrice: string | null;
  descrizione_atc: string | null;
}

/** Reads the catalogue in one repeatable-read snapshot and builds its index. */
export async function loadCatalogueIndex(db: Db): Promise<CatalogueIndex> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (tx) => {
      const state = await sql<{ version: number }>`select version from catalogue_search_state where id = 1`.execute(tx);
      const version = Number(state.rows[0]?.version ?? 0);
      const growing = new Map<string, Growing>();
      const names: (string | undefined)[] = [];
      const mask = new Map<string, number>();
      const add = (text: string | null, bit: number) => {
        if (!text) return;
        for (const term of fold(text).match(WORD) ?? []) mask.set(term, (mask.get(term) ?? 0) | bit);
      };
      let maxRank = 0;
      const ids: number[] = [];
      const ranks: number[] = [];
      const inCategory = new Map<number, number[]>();
      for (;;) {
        const rows = (
          await sql<ProductText>`select id, rank, cat1_id, cat2_id, cat3_id, cat4_id, nome_prodotto, descrizione_pricipio_attivo,
              descrizione_ditta_1_produttrice, descrizione_atc
            from products where rank > ${maxRank} order by rank limit ${CHUNK}`.execute(tx)
        ).rows;
        for (const row of rows) {
          mask.clear();
          const name = row.nome_prodotto;
          add(name, FIELD.nome);
          const trimmed = name.replace(/^ +| +$/g, '');
          const space = trimmed.indexOf(' ');
          add(space < 0 ? trimmed : trimmed.slice(0, space), FIELD.inizio);
          add(row.descrizione_pricipio_attivo, FIELD.principio);
          add(row.descrizione_ditta_1_produttrice, FIELD.ditta);
          add(row.descrizione_atc, FIELD.atc);
          for (const [term, bits] of mask) {
            let list = growing.get(term);
            if (!list) {
              list = new Growing();
              growing.set(term, list);
            }
            list.push(row.rank, bits);
          }
          names[row.rank] = name;
          ids.push(row.id);
          for (const category of [row.cat1_id, row.cat2_id, row.cat3_id, row.cat4_id]) {
            if (category === null) continue;
            let list = inCategory.get(category);
            if (!list) {
              list = [];
              inCategory.set(category, list);
            }
            list.push(row.rank);
          }
          ranks.push(row.rank);
          maxRank = row.rank;
        }
        if (rows.length < CHUNK) break;
      }
      const postings = new Map<string, Postings>();
      const vocabulary: { term: string; docs: number }[] = [];
      for (const [term, list] of growing) {
        postings.set(term, { ranks: list.ranks.slice(0, list.n), masks: list.masks.slice(0, list.n) });
        vocabulary.push({ term, docs: list.n });
      }
      const rankOfId = new Int32Array(ids.reduce((max, id) => Math.max(max, id), 0) + 1).fill(-1);
      const idOfRank = new Int32Array(maxRank + 1);
      for (let i = 0; i < ids.length; i++) {
        rankOfId[ids[i] as number] = ranks[i] as number;
        idOfRank[ranks[i] as number] = ids[i] as number;
      }
      return {
        version,
        rankOfId,
        idOfRank,
        size: ids.length,
        byCategory: new Map([...inCategory].map(([id, list]) => [id, Int32Array.from(list)])),
        vocabulary: new Vocabulary(vocabulary),
        maxRank,
        postings,
        densified: new Map(),
        terms: vocabulary.map((t) => t.term).sort(),
        names,
        prefixUnions: new Map(),
      };
    });
}

/**
 * A term's postings for a search, with the by-rank table of a frequent term (postings.ts): built
 * on first use, as a table for each of the ~150 frequent terms of 250,000 products would hold
 * 37 MB from the start.
 */
export function termPostings(index: CatalogueIndex, term: string): Postings | undefined {
  const known = index.densified.get(term);
  if (known) return known;
  const postings = index.postings.get(term);
  if (!postings) return undefined;
  const dense = densify(postings, index.maxRank);
  index.densified.set(term, dense);
  return dense;
}

/** Most postings kept in the prefix unions of one index; past it they start again from empty. */
const MAX_UNION_POSTINGS = 4_000_000;
const unionSizes = new WeakMap<CatalogueIndex, number>();

/** The union of the postings of `terms` (ascending), cached by `key` for the index's life. */
export function unionOf(index: CatalogueIndex, key: string, terms: readonly string[]): Postings {
  const known = index.prefixUnions.get(key);
  if (known) return known;
  const lists = terms.map((t) => index.postings.get(t)).filter((p): p is Postings => p !== undefined);
  const merged = densify(lists.length <= 8 ? union(lists) : unionByRank(lists, index.maxRank), index.maxRank);
  // A by-rank table counts as a quarter of its length (one byte per rank against four).
  const size = merged.ranks.length + (merged.byRank?.length ?? 0) / 4;
  const held = unionSizes.get(index) ?? 0;
  if (held + size > MAX_UNION_POSTINGS) {
    index.prefixUnions.clear();
    unionSizes.set(index, 0);
  }
  index.prefixUnions.set(key, merged);
  unionSizes.set(index, (unionSizes.get(index) ?? 0) + size);
  return merged;
}

/** Union of many lists through a table by rank: linear in the postings plus the catalogue size. */
function unionByRank(lists: readonly Postings[], maxRank: number): Postings {
  const byRank = new Uint8Array(maxRank + 1);
  let n = 0;
  for (const list of lists) {
    const { ranks, masks } = list;
    for (let i = 0; i < ranks.length; i++) {
      const r = ranks[i] as number;
      if (byRank[r] === 0) n++;
      byRank[r] = (byRank[r] as number) | (masks[i] as number);
    }
  }
  const ranks = new Int32Array(n);
  const masks = new Uint8Array(n);
  let k = 0;
  for (let r = 0; r <= maxRank; r++) {
    const m = byRank[r] as number;
    if (m !== 0) {
      ranks[k] = r;
      masks[k] = m;
      k++;
    }
  }
  return { ranks, masks };
}

/**
 * Products whose name holds every one of `parts` inside a word ('pirina' → TACHIPIRINA), in rank
 * order, every one of them. A part has no separators, so it can only lie inside one word of the
 * name: the terms holding it are found in the vocabulary, and their name postings are intersected.
 * Kept per index by the parts (index data, as the prefix unions): the same substring is asked in
 * many shops, and each cuts this list to its shelf (walking the postings of every term holding
 * 'sert' cost 2–4 ms a search).
 */
export function nameSubstrings(index: CatalogueIndex, parts: readonly string[]): Int32Array {
  const key = parts.join(' ');
  let found = substringLists.get(index)?.get(key);
  if (!found) {
    found = substringsOf(index, parts);
    let lists = substringLists.get(index);
    const held = (substringSizes.get(index) ?? 0) + found.length;
    if (!lists || held > MAX_UNION_POSTINGS) {
      lists = new Map();
      substringLists.set(index, lists);
      substringSizes.set(index, found.length);
    } else {
      substringSizes.set(index, held);
    }
    lists.set(key, found);
  }
  return found;
}

const substringLists = new WeakMap<CatalogueIndex, Map<string, Int32Array>>();
const substringSizes = new WeakMap<CatalogueIndex, number>();

function substringsOf(index: CatalogueIndex, parts: readonly string[]): Int32Array {
  // A typo is inside no term at all: nothing to walk (the search goes on to correct it).
  const termsOf = parts.map((part) => index.terms.filter((term) => term.includes(part)));
  if (termsOf.some((terms) => terms.length === 0)) return NO_RANKS;
  let hits = substringScratch.get(index);
  if (!hits) {
    hits = new Uint8Array(index.maxRank + 1);
    substringScratch.set(index, hits);
  } else {
    hits.fill(0);
  }
  let lowest = index.maxRank + 1;
  let n = 0;
  for (const [w, terms] of termsOf.entries()) {
    for (const term of terms) {
      const { ranks, masks } = index.postings.get(term) as Postings;
      for (let i = 0; i < ranks.length; i++) {
        if (((masks[i] as number) & FIELD.nome) === 0) continue;
        const r = ranks[i] as number;
        // Counted once per part, and only when every part before it was found there.
        if (hits[r] === w) {
          hits[r] = w + 1;
          if (w === parts.length - 1) n++;
          if (r < lowest) lowest = r;
        }
      }
    }
  }
  const found = new Int32Array(n);
  let k = 0;
  for (let r = lowest; r <= index.maxRank && k < n; r++) if (hits[r] === parts.length) found[k++] = r;
  return found;
}

const NO_RANKS = new Int32Array(0);

/** The table {@link nameSubstrings} counts in, one per index (searches run one at a time between awaits). */
const substringScratch = new WeakMap<CatalogueIndex, Uint8Array>();
