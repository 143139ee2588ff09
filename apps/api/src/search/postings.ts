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
   * For a frequent term ('ml', 'cpr', '200'), what it says about the tier by rank, two ranks a
   * byte (see {@link byRankClass}, 0 = absent): a lookup instead of a search when the term is not
   * the one driving an intersection. See {@link densify}.
   */
  byRank?: Uint8Array;
}

/** A term in more than one product out of this many gets a by-rank table (one byte per rank). */
const DENSE_SHARE = 64;

/** Whether a term is in enough products (of ranks up to `maxRank`) to be worth a by-rank table. */
export const isFrequent = (postings: Postings, maxRank: number) => postings.ranks.length * DENSE_SHARE >= maxRank;

/** Adds the by-rank table to postings of a frequent term; `maxRank` is the highest rank there is. */
export function densify(postings: Postings, maxRank: number): Postings {
  if (!isFrequent(postings, maxRank) || postings.byRank) return postings;
  const { ranks, masks } = postings;
  // Sized to the term's own last rank: a rank past it is absent, as a 0 would say.
  const byRank = new Uint8Array(ranks.length > 0 ? ((ranks[ranks.length - 1] as number) >> 1) + 1 : 0);
  for (let i = 0; i < ranks.length; i++) {
    const rank = ranks[i] as number;
    byRank[rank >> 1] = (byRank[rank >> 1] as number) | ((MASK_CLASS[masks[i] as number] as number) << ((rank & 1) << 2));
  }
  return { ...postings, byRank };
}

/**
 * A frequent term's class at `rank` in its by-rank table: 4 bits a rank, not the 5 field bits in
 * a byte each, as the tier only asks which of 9 cases the fields make (see {@link MASK_CLASS}).
 * The tables were 30 of the 43 MB the SQLite search held for the bench's mix (issue 18: RSS).
 */
function byRankClass(byRank: Uint8Array, rank: number): number {
  const at = rank >> 1;
  return at < byRank.length ? ((byRank[at] as number) >> ((rank & 1) << 2)) & 15 : 0;
}

export const EMPTY_POSTINGS: Postings = { ranks: new Int32Array(0), masks: new Uint8Array(0) };
/** No ranks: an empty tier's head and "no phrase candidates", one array for all (a view is an object a request each). */
const NO_RANKS: Int32Array = EMPTY_POSTINGS.ranks;

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

// What a word's field mask says about the tier, as bits: 1 = in the name, 2 = in the name or
// the active principle, 4 = … or the manufacturer, 8 = the name starts with it (first word only),
// 16 = the word is there at all. A match's tier then comes from the AND of its words' bits
// through one table lookup, and a product missing a frequent word falls out of the same AND
// (tier 0, dropped) instead of through a test per word.
const IN_NAME = 1;
const IN_PRINCIPLE = 2;
const IN_MAKER = 4;
const STARTS = 8;
const PRESENT = 16;
function tierBits(mask: number, first: boolean): number {
  if (mask === 0) return 0;
  let bits = PRESENT;
  if (mask & FIELD.nome) bits |= IN_NAME;
  if (mask & (FIELD.nome | FIELD.principio)) bits |= IN_PRINCIPLE;
  if (mask & (FIELD.nome | FIELD.principio | FIELD.ditta)) bits |= IN_MAKER;
  // Only the first word's start counts; the others never clear the bit in the AND.
  if (!first || mask & FIELD.inizio) bits |= STARTS;
  return bits;
}
/** Field mask (5 bits, 0 = absent) → tier bits, for the first word of the query and for the others. */
const FIRST_WORD_BITS = Uint8Array.from({ length: 32 }, (_, m) => tierBits(m, true));
const OTHER_WORD_BITS = Uint8Array.from({ length: 32 }, (_, m) => tierBits(m, false));
/**
 * The classes of a by-rank table: the distinct first-word tier bits a mask can give (0 = absent
 * first), which also decide the other-word bits (those only add STARTS). Field mask → class, and
 * class → the tier bits as the first word and as another one.
 */
const CLASS_BITS = [...new Set(FIRST_WORD_BITS)].sort((a, b) => a - b);
const MASK_CLASS = Uint8Array.from(FIRST_WORD_BITS, (bits) => CLASS_BITS.indexOf(bits));
const FIRST_CLASS_BITS = Uint8Array.from({ length: 16 }, (_, c) => CLASS_BITS[c] ?? 0);
const OTHER_CLASS_BITS = Uint8Array.from({ length: 16 }, (_, c) => OTHER_WORD_BITS[MASK_CLASS.indexOf(c)] ?? 0);
/**
 * Tier bits → tier, with one word (tier 1 possible) and with several (tier 1 decided later from
 * the names); 0 when a word is absent (no match: counted in the unused slot 0, then dropped).
 */
const tierTable = (startTier: number) =>
  Uint8Array.from({ length: 32 }, (_, b) =>
    !(b & PRESENT) ? 0 : b & IN_NAME ? (b & STARTS ? startTier : 3) : b & IN_PRINCIPLE ? 4 : b & IN_MAKER ? 5 : 6,
  );
const ONE_WORD_TIER = tierTable(1);
const WORDS_TIER = tierTable(2);

/**
 * Scratch space for one intersection, reused from query to query: a page's worth per tier, one
 * tier after the other (`cap` ranks each). A broad query walks tens of thousands of ranks, and
 * fresh arrays for them on every request showed up as garbage-collection pauses under load.
 */
let scratchHeads = new Int32Array((TIERS + 1) * 256);

/** The by-rank class bits of the `k`th of the words other than the driver (the first word is others' `firstIsOther`th). */
const classBitsOf = (k: number, firstIsOther: number) => (k === firstIsOther ? FIRST_CLASS_BITS : OTHER_CLASS_BITS);

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
  if (n === 1) return oneWordTiers(words[0] as Postings, keep);
  let driverIndex = 0;
  for (let w = 1; w < n; w++) {
    if ((words[w] as Postings).ranks.length < (words[driverIndex] as Postings).ranks.length) driverIndex = w;
  }
  const driver = words[driverIndex] as Postings;
  const others = words.filter((_, w) => w !== driverIndex);
  // The first word is others[0] unless it drives the walk.
  const firstIsOther = driverIndex === 0 ? -1 : 0;
  const cap = Math.min(keep, driver.ranks.length);
  if (scratchHeads.length < (TIERS + 1) * cap) scratchHeads = new Int32Array((TIERS + 1) * cap);
  const counts = new Int32Array(TIERS + 1);
  const driverBits = driverIndex === 0 ? FIRST_WORD_BITS : OTHER_WORD_BITS;
  if (others.length === 1 && others[0]?.byRank) {
    // Two words, the other one frequent (`200 ml`, `crema viso`): the broad queries, the longest
    // walks (36,000 ranks for `30 ml`), in a loop of their own: 2–3× faster than the general one.
    walkPair(driver.ranks, driver.masks, driverBits, others[0].byRank, classBitsOf(0, firstIsOther), counts, scratchHeads, cap);
  } else if (others.length === 2 && others[0]?.byRank && others[1]?.byRank) {
    // Three frequent words (`corpo 100 ml`, `forte 90 cpr`): the same, with one more lookup.
    walkTriple(
      driver.ranks,
      driver.masks,
      driverBits,
      others[0].byRank,
      classBitsOf(0, firstIsOther),
      others[1].byRank,
      classBitsOf(1, firstIsOther),
      counts,
      scratchHeads,
      cap,
    );
  } else {
    walk(
      driver.ranks,
      driver.masks,
      driverBits,
      others.map((o) => o.ranks),
      others.map((o) => o.masks),
      others.map((o) => o.byRank ?? EMPTY_BY_RANK),
      others.map((_, k) => (k === firstIsOther ? FIRST_WORD_BITS : OTHER_WORD_BITS)),
      others.map((_, k) => classBitsOf(k, firstIsOther)),
      counts,
      scratchHeads,
      cap,
    );
  }
  // The tiers' heads copied out of the scratch space into one array, each a view of its part: one
  // array buffer per query, not seven (each buffer is one more for the scavenges to sweep).
  let kept = 0;
  for (let t = 0; t <= TIERS; t++) kept += Math.min(counts[t] as number, cap);
  const all = new Int32Array(kept);
  const heads: Int32Array[] = [];
  let at = 0;
  for (let t = 0; t <= TIERS; t++) {
    const n = Math.min(counts[t] as number, cap);
    for (let i = 0; i < n; i++) all[at + i] = scratchHeads[t * cap + i] as number;
    heads.push(n === 0 ? NO_RANKS : all.subarray(at, at + n));
    at += n;
  }
  return { counts, heads };
}

/**
 * One word: nothing to intersect, each product's tier is its own field mask's. Counted first,
 * then each tier filled to its exact size (no scratch: a broad word has 100,000 products, and
 * its tiers are kept with its postings).
 */
function oneWordTiers(word: Postings, keep: number): RankedTiers {
  const { ranks, masks } = word;
  const counts = new Int32Array(TIERS + 1);
  for (let i = 0; i < masks.length; i++) {
    const tier = ONE_WORD_TIER[FIRST_WORD_BITS[masks[i] as number] as number] as number;
    counts[tier] = (counts[tier] as number) + 1;
  }
  const heads = Array.from({ length: TIERS + 1 }, (_, t) => new Int32Array(Math.min(counts[t] as number, keep)));
  const filled = new Int32Array(TIERS + 1);
  for (let i = 0; i < ranks.length; i++) {
    const tier = ONE_WORD_TIER[FIRST_WORD_BITS[masks[i] as number] as number] as number;
    const head = heads[tier] as Int32Array;
    const at = filled[tier] as number;
    if (at < head.length) {
      head[at] = ranks[i] as number;
      filled[tier] = at + 1;
    }
  }
  return { counts, heads };
}

/** Stands for "no by-rank table" so every entry of the walk's table list is a Uint8Array. */
const EMPTY_BY_RANK = new Uint8Array(0);

/**
 * The hot loop of the search, on plain typed arrays only (one shape everywhere, so V8 keeps it
 * optimized: on the postings objects it fell back to the interpreter for whole broad queries).
 * Walks the driving list, looks each rank up in the other words (by-rank table, or galloping
 * through the list), counts each match in its tier and keeps the first `cap` of each tier in
 * `heads` (tier t from t × cap).
 */
function walk(
  driverRanks: Int32Array,
  driverMasks: Uint8Array,
  driverBits: Uint8Array,
  otherRanks: Int32Array[],
  otherMasks: Uint8Array[],
  otherByRank: Uint8Array[],
  otherBits: Uint8Array[],
  otherClassBits: Uint8Array[],
  counts: Int32Array,
  heads: Int32Array,
  cap: number,
): void {
  const others = otherRanks.length;
  const cursor = new Int32Array(others);
  const driverLength = driverRanks.length;
  outer: for (let d = 0; d < driverLength; d++) {
    const rank = driverRanks[d] as number;
    let bits = driverBits[driverMasks[d] as number] as number;
    for (let k = 0; k < others; k++) {
      const byRank = otherByRank[k] as Uint8Array;
      if (byRank.length > 0) {
        const c = byRankClass(byRank, rank);
        // A miss ends this rank here: the words after it (galloping ones too) are not looked at.
        if (c === 0) continue outer;
        bits &= (otherClassBits[k] as Uint8Array)[c] as number;
      } else {
        const ranks = otherRanks[k] as Int32Array;
        const p = gallop(ranks, cursor[k] as number, rank);
        cursor[k] = p;
        if (p >= ranks.length) break outer; // this word has no more products: nothing else can match
        if (ranks[p] !== rank) continue outer;
        bits &= (otherBits[k] as Uint8Array)[(otherMasks[k] as Uint8Array)[p] as number] as number;
      }
    }
    const tier = WORDS_TIER[bits] as number;
    const inTier = counts[tier] as number;
    if (inTier < cap) heads[tier * cap + inTier] = rank;
    counts[tier] = inTier + 1;
  }
  counts[0] = 0;
}

/** {@link walk} for two words, the other with a by-rank table: one lookup per rank, no inner loop. */
function walkPair(
  driverRanks: Int32Array,
  driverMasks: Uint8Array,
  driverBits: Uint8Array,
  byRank: Uint8Array,
  otherBits: Uint8Array,
  counts: Int32Array,
  heads: Int32Array,
  cap: number,
): void {
  const driverLength = driverRanks.length;
  for (let d = 0; d < driverLength; d++) {
    const rank = driverRanks[d] as number;
    const bits = (driverBits[driverMasks[d] as number] as number) & (otherBits[byRankClass(byRank, rank)] as number);
    const tier = WORDS_TIER[bits] as number;
    const inTier = counts[tier] as number;
    if (inTier < cap) heads[tier * cap + inTier] = rank;
    counts[tier] = inTier + 1;
  }
  counts[0] = 0;
}

/** {@link walk} for three words, both others with a by-rank table. */
function walkTriple(
  driverRanks: Int32Array,
  driverMasks: Uint8Array,
  driverBits: Uint8Array,
  byRank1: Uint8Array,
  bits1: Uint8Array,
  byRank2: Uint8Array,
  bits2: Uint8Array,
  counts: Int32Array,
  heads: Int32Array,
  cap: number,
): void {
  const driverLength = driverRanks.length;
  for (let d = 0; d < driverLength; d++) {
    const rank = driverRanks[d] as number;
    const bits =
      (driverBits[driverMasks[d] as number] as number) &
      (bits1[byRankClass(byRank1, rank)] as number) &
      (bits2[byRankClass(byRank2, rank)] as number);
    const tier = WORDS_TIER[bits] as number;
    const inTier = counts[tier] as number;
    if (inTier < cap) heads[tier * cap + inTier] = rank;
    counts[tier] = inTier + 1;
  }
  counts[0] = 0;
}

/** With several words, this many of the most popular tier-2 products are checked for tier 1. */
export const PHRASE_CHECKS = 64;

const oneWordTiersCache = new WeakMap<Postings, RankedTiers>();

/**
 * The tiers of the query's words, the first `keep` of each (what the page, and the phrase check,
 * needs). One word: its tiers depend on nothing else, so they are kept whole with its postings.
 */
export function rankWords(lists: readonly Postings[], keep: number): RankedTiers {
  if (lists.length > 1) return rankTiers(lists, keep);
  const postings = lists[0] as Postings;
  let tiers = oneWordTiersCache.get(postings);
  if (!tiers) {
    tiers = rankTiers([postings]);
    oneWordTiersCache.set(postings, tiers);
  }
  return tiers;
}

/**
 * The tier-2 products whose names each adapter checks for tier 1 (the name starts with the text
 * as typed), most popular first; none when the query has one word or the page starts past them
 * (tier 1 is cut out of tier 2, so it only matters when the page starts among them).
 */
export function phraseCandidates(ranked: RankedTiers, words: number, offset: number): Int32Array {
  const { counts, heads } = ranked;
  if (words < 2 || (counts[2] ?? 0) === 0 || offset >= (counts[1] as number) + (counts[2] as number)) return NO_RANKS;
  return (heads[2] as Int32Array).subarray(0, PHRASE_CHECKS);
}

/** Tiers 1–6 cut to the page, the tier-2 products in `starts` moved to tier 1; the total is exact. */
export function pageOfTiers(ranked: RankedTiers, starts: ReadonlySet<number>, offset: number, limit: number): { keys: number[]; total: number } {
  let counts: ArrayLike<number> & { [tier: number]: number } = ranked.counts;
  let heads: Int32Array[] = ranked.heads;
  let total = 0;
  for (let t = 0; t < counts.length; t++) total += counts[t] as number;
  if (starts.size > 0) {
    // Copies only here, where tier 1 is cut out of tier 2: the ranked tiers may be kept (one word's).
    counts = Array.from(ranked.counts);
    heads = [...ranked.heads];
    const second = heads[2] as Int32Array;
    heads[1] = second.filter((r) => starts.has(r));
    heads[2] = second.filter((r) => !starts.has(r));
    counts[1] = starts.size;
    counts[2] = (counts[2] as number) - starts.size;
  }
  const keys: number[] = [];
  let skip = offset;
  for (let t = 1; t <= TIERS && keys.length < limit; t++) {
    const count = counts[t] as number;
    if (skip >= count) {
      skip -= count;
      continue;
    }
    const head = heads[t] as Int32Array;
    const end = Math.min(head.length, skip + limit - keys.length);
    for (let i = skip; i < end; i++) keys.push(head[i] as number);
    skip = 0;
  }
  return { keys, total };
}
