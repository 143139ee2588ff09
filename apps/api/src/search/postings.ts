/**
 * Posting lists and the one-pass tier evaluation of the SQLite search adapter (decision 0165).
 *
 * A term's postings are the ranks of the products holding it, ascending (popularity order), each
 * with a mask of the fields it occurs in. They are read from the FTS5 index once per index
 * version and kept in memory (an index cache, never a cache of results); a query then walks the
 * shortest list and gallops through the others, labelling every match with its ranking tier in
 * the same pass, so the page, the tiers before it and the exact total cost one intersection.
 */

/** Fields of the FTS5 table, as mask bits. */
export const FIELD = { nome: 1, principio: 2, ditta: 4, atc: 8, inizio: 16 } as const;
export type FieldName = keyof typeof FIELD;
export const FIELD_NAMES = Object.keys(FIELD) as FieldName[];

export interface Postings {
  /** Product ranks, strictly ascending. */
  ranks: Int32Array;
  /** For each rank, the FIELD bits the term occurs in. */
  masks: Uint8Array;
}

export const EMPTY_POSTINGS: Postings = { ranks: new Int32Array(0), masks: new Uint8Array(0) };

/** Merges per-field rank lists (each ascending) into one list with field masks. */
export function mergeFields(lists: ReadonlyArray<{ bit: number; ranks: ArrayLike<number> }>): Postings {
  return union(lists.map(({ bit, ranks }) => ({ ranks: Int32Array.from(ranks), masks: new Uint8Array(ranks.length).fill(bit) })));
}

/** Union of posting lists; a rank in several lists gets the OR of its masks. */
export function union(lists: readonly Postings[]): Postings {
  const nonEmpty = lists.filter((l) => l.ranks.length > 0);
  if (nonEmpty.length === 0) return EMPTY_POSTINGS;
  if (nonEmpty.length === 1) return nonEmpty[0] as Postings;
  let size = 0;
  for (const l of nonEmpty) size += l.ranks.length;
  const ranks = new Int32Array(size);
  const masks = new Uint8Array(size);
  const at = new Int32Array(nonEmpty.length);
  let n = 0;
  for (;;) {
    let min = Number.POSITIVE_INFINITY;
    for (let i = 0; i < nonEmpty.length; i++) {
      const l = nonEmpty[i] as Postings;
      const p = at[i] as number;
      if (p < l.ranks.length && (l.ranks[p] as number) < min) min = l.ranks[p] as number;
    }
    if (min === Number.POSITIVE_INFINITY) break;
    let mask = 0;
    for (let i = 0; i < nonEmpty.length; i++) {
      const l = nonEmpty[i] as Postings;
      const p = at[i] as number;
      if (p < l.ranks.length && l.ranks[p] === min) {
        mask |= l.masks[p] as number;
        at[i] = p + 1;
      }
    }
    ranks[n] = min;
    masks[n] = mask;
    n++;
  }
  return { ranks: ranks.subarray(0, n), masks: masks.subarray(0, n) };
}

/** First index ≥ `from` whose rank is ≥ `target` (exponential then binary search). */
function gallop(ranks: Int32Array, from: number, target: number): number {
  let lo = from;
  let step = 1;
  let hi = from;
  while (hi < ranks.length && (ranks[hi] as number) < target) {
    lo = hi + 1;
    hi = from + step;
    step *= 2;
  }
  if (hi > ranks.length) hi = ranks.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ranks[mid] as number) < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Tier numbers (1–6) of the ranking; see ProductSearch. */
export const TIERS = 6;

/**
 * Every product holding all the words (each list is one query word's postings, first word
 * first), labelled with its tier:
 *  1. (one word) its first word is the word — with several words, tier 1 is decided later from
 *     the names (the name starts with the typed text), so they are all labelled 2 here;
 *  2. the name's first word is the first word and the name holds every word;
 *  3. the name holds every word; 4. … or the active principle; 5. … or the manufacturer;
 *  6. … or the ATC.
 * Returns the ranks of each tier, ascending, in tiers[1..6] (index 0 unused).
 */
export function rankTiers(words: readonly Postings[]): Int32Array[] {
  const n = words.length;
  const order = words.map((_, i) => i).sort((a, b) => (words[a] as Postings).ranks.length - (words[b] as Postings).ranks.length);
  const driver = words[order[0] as number] as Postings;
  const buckets = Array.from({ length: TIERS + 1 }, () => new Int32Array(driver.ranks.length));
  const counts = new Int32Array(TIERS + 1);
  const cursor = new Int32Array(n);
  const masks = new Uint8Array(n);
  const nome = FIELD.nome;
  const withPrinciple = FIELD.nome | FIELD.principio;
  const withMaker = withPrinciple | FIELD.ditta;

  outer: for (let d = 0; d < driver.ranks.length; d++) {
    const rank = driver.ranks[d] as number;
    masks[order[0] as number] = driver.masks[d] as number;
    for (let k = 1; k < n; k++) {
      const w = order[k] as number;
      const list = words[w] as Postings;
      const p = gallop(list.ranks, cursor[w] as number, rank);
      cursor[w] = p;
      if (p >= list.ranks.length) break outer; // this word has no more products: nothing else can match
      if (list.ranks[p] !== rank) continue outer;
      masks[w] = list.masks[p] as number;
    }
    let all = 0xff;
    for (let w = 0; w < n; w++) all &= masks[w] as number;
    let tier: number;
    if ((masks[0] as number) & FIELD.inizio && all & nome) tier = n === 1 ? 1 : 2;
    else if (all & nome) tier = 3;
    else {
      let inPrinciple = true;
      let inMaker = true;
      for (let w = 0; w < n; w++) {
        const m = masks[w] as number;
        if (!(m & withPrinciple)) inPrinciple = false;
        if (!(m & withMaker)) inMaker = false;
      }
      tier = inPrinciple ? 4 : inMaker ? 5 : 6;
    }
    const bucket = buckets[tier] as Int32Array;
    bucket[counts[tier] as number] = rank;
    counts[tier] = (counts[tier] as number) + 1;
  }
  return buckets.map((b, t) => b.subarray(0, counts[t] as number));
}
