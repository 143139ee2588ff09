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
  /**
   * For a frequent term ('ml', 'cpr', '200'), the field bits by rank (0 = absent): a lookup
   * instead of a search when the term is not the one driving an intersection. See {@link densify}.
   */
  byRank?: Uint8Array;
}

/** A term in more than one product out of this many gets a by-rank table (one byte per rank). */
const DENSE_SHARE = 64;

/** Adds the by-rank table to postings of a frequent term; `maxRank` is the highest rank there is. */
export function densify(postings: Postings, maxRank: number): Postings {
  if (postings.ranks.length * DENSE_SHARE < maxRank || postings.byRank) return postings;
  const byRank = new Uint8Array(maxRank + 1);
  for (let i = 0; i < postings.ranks.length; i++) byRank[postings.ranks[i] as number] = postings.masks[i] as number;
  return { ...postings, byRank };
}

export const EMPTY_POSTINGS: Postings = { ranks: new Int32Array(0), masks: new Uint8Array(0) };

/** Merges per-field rank lists (each ascending) into one list with field masks. */
export function mergeFields(lists: ReadonlyArray<{ bit: number; ranks: ArrayLike<number> }>): Postings {
  return union(
    lists.map(({ bit, ranks }) => ({
      ranks: ranks instanceof Int32Array ? ranks : Int32Array.from(ranks),
      masks: new Uint8Array(ranks.length).fill(bit),
    })),
  );
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
let scratchRanks = new Int32Array(1024);
let scratchTiers = new Uint8Array(1024);
/** Per tier, the first ranks met (a page's worth), reused: a query copies out only what it keeps. */
const scratchHeads = Array.from({ length: TIERS + 1 }, () => new Int32Array(256));

// Scratch space for one intersection, reused from query to query (sized to the largest driving
// list met so far): a broad query walks tens of thousands of ranks, and fresh arrays for them on
// every request showed up as garbage-collection pauses under load.

/**
 * Every product holding all the words (each list is one query word's postings, first word
 * first), labelled with its tier:
 *  1. (one word) its first word is the word — with several words, tier 1 is decided later from
 *     the names (the name starts with the typed text), so they are all labelled 2 here;
 *  2. the name's first word is the first word and the name holds every word;
 *  3. the name holds every word; 4. … or the active principle; 5. … or the manufacturer;
 *  6. … or the ATC.
 * Returns how many products each tier has and the first `keep` of each (a page needs no more:
 * copying every match of a broad query for each request only fed the garbage collector).
 */
export interface RankedTiers {
  /** Products in each tier (index 0 unused). */
  counts: Int32Array;
  /** The first ranks of each tier, ascending: all of them, or the first `keep`. */
  heads: Int32Array[];
}

export function rankTiers(words: readonly Postings[], keep = Number.MAX_SAFE_INTEGER): RankedTiers {
  const n = words.length;
  let driverIndex = 0;
  for (let w = 1; w < n; w++) {
    if ((words[w] as Postings).ranks.length < (words[driverIndex] as Postings).ranks.length) driverIndex = w;
  }
  const driver = words[driverIndex] as Postings;
  const others = words.filter((_, w) => w !== driverIndex);
  const firstIsOther = driverIndex === 0 ? -1 : 0;
  const cursor = new Int32Array(others.length);
  // The lists' arrays, hoisted out of the objects: the walk below is the hottest loop of the
  // search, and property reads on postings of different shapes kept it from being optimized.
  const otherRanks = others.map((o) => o.ranks);
  const otherMasks = others.map((o) => o.masks);
  const otherByRank = others.map((o) => o.byRank ?? null);
  const driverRanks = driver.ranks;
  const driverMasks = driver.masks;
  const driverLength = driverRanks.length;
  // A page's worth per tier (multi-word queries) goes straight into the heads as the walk meets
  // it; keeping everything (one word's tiers, kept with its postings) goes through the scratch.
  const direct = keep < driverLength;
  if (direct) {
    for (let t = 0; t <= TIERS; t++) if ((scratchHeads[t] as Int32Array).length < keep) scratchHeads[t] = new Int32Array(keep);
  } else if (scratchRanks.length < driverLength) {
    scratchRanks = new Int32Array(driverLength);
    scratchTiers = new Uint8Array(driverLength);
  }
  const counts = new Int32Array(TIERS + 1);
  const { nome, inizio } = FIELD;
  const withPrinciple = FIELD.nome | FIELD.principio;
  const withMaker = withPrinciple | FIELD.ditta;
  const single = n === 1 ? 1 : 2;
  let found = 0;

  outer: for (let d = 0; d < driverLength; d++) {
    const rank = driverRanks[d] as number;
    const driverMask = driverMasks[d] as number;
    let all = driverMask;
    let inPrinciple = (driverMask & withPrinciple) !== 0;
    let inMaker = (driverMask & withMaker) !== 0;
    let first = driverIndex === 0 ? driverMask : 0;
    for (let k = 0; k < others.length; k++) {
      const byRank = otherByRank[k];
      let m: number;
      if (byRank) {
        m = rank < byRank.length ? (byRank[rank] as number) : 0;
        if (m === 0) continue outer;
      } else {
        const ranks = otherRanks[k] as Int32Array;
        const p = gallop(ranks, cursor[k] as number, rank);
        cursor[k] = p;
        if (p >= ranks.length) break outer; // this word has no more products: nothing else can match
        if (ranks[p] !== rank) continue outer;
        m = (otherMasks[k] as Uint8Array)[p] as number;
      }
      all &= m;
      if ((m & withPrinciple) === 0) inPrinciple = false;
      if ((m & withMaker) === 0) inMaker = false;
      if (k === firstIsOther) first = m;
    }
    const tier = all & nome ? (first & inizio ? single : 3) : inPrinciple ? 4 : inMaker ? 5 : 6;
    const inTier = counts[tier] as number;
    if (direct) {
      if (inTier < keep) (scratchHeads[tier] as Int32Array)[inTier] = rank;
    } else {
      scratchRanks[found] = rank;
      scratchTiers[found] = tier;
      found++;
    }
    counts[tier] = inTier + 1;
  }
  if (direct) {
    const heads = Array.from({ length: TIERS + 1 }, (_, t) =>
      (scratchHeads[t] as Int32Array).slice(0, Math.min(counts[t] as number, keep)),
    );
    return { counts, heads };
  }
  const heads = Array.from({ length: TIERS + 1 }, (_, t) => new Int32Array(Math.min(counts[t] as number, keep)));
  const filled = new Int32Array(TIERS + 1);
  for (let i = 0; i < found; i++) {
    const t = scratchTiers[i] as number;
    const head = heads[t] as Int32Array;
    const at = filled[t] as number;
    if (at < head.length) {
      head[at] = scratchRanks[i] as number;
      filled[t] = at + 1;
    }
  }
  return { counts, heads };
}
