/**
 * Turning what a customer types into search words, the same way both indexes tokenize product
 * text: Unicode letters and digits, lowercase, diacritics folded (FTS5 unicode61
 * remove_diacritics 2; unaccent + lower on PostgreSQL). Everything else separates words, so the
 * words can never carry query syntax into FTS5 or tsquery.
 */

/** At most this many words of a query are used; the rest is ignored. */
export const MAX_QUERY_WORDS = 8;
/** Longer words are cut: no product word is this long, and it bounds the typo work. */
export const MAX_WORD_LENGTH = 40;

// The patterns of every search, made once: a regular expression literal is a new object each time it is evaluated.
const MARKS = /\p{M}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;
const PRINTABLE_ASCII = /^[ -~]*$/;
const EXACT_CODE = /^\s*a?(\d{9})\s*$/i;
const CODE_START = /^\d{6,9}$/;

/** Lowercase, diacritics removed (È → e, ä → a), then NFC. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(MARKS, '').toLowerCase();
}

/** The words of a query, folded, in order, at most {@link MAX_QUERY_WORDS}. */
export function queryWords(text: string): string[] {
  // Printable ASCII has no decomposition and no mark: its folding is its lowercase, without normalize's and replace's copies.
  const words = (PRINTABLE_ASCII.test(text) ? text.toLowerCase() : foldText(text)).match(WORD) ?? [];
  // Within both bounds (every query the app sends): the words as they are, not two copies of the list.
  let within = words.length <= MAX_QUERY_WORDS;
  for (let i = 0; i < words.length && within; i++) within = (words[i] as string).length <= MAX_WORD_LENGTH;
  return within ? words : words.slice(0, MAX_QUERY_WORDS).map((w) => w.slice(0, MAX_WORD_LENGTH));
}

/** A ministerial code typed as the whole query (9 digits, an optional leading 'A' as on packs). */
export function exactCodeOf(text: string): string | null {
  const match = EXACT_CODE.exec(text);
  return match ? (match[1] as string) : null;
}

/**
 * The code (or start of a code) a query asks for: a whole ministerial code, or a single number
 * of 6 to 9 digits — longer than any dose or pack size, so it can only be a code being typed.
 */
export function codeQueryOf(text: string, words: readonly string[]): string | null {
  const exact = exactCodeOf(text);
  if (exact) return exact;
  return words.length === 1 && CODE_START.test(words[0] as string) ? (words[0] as string) : null;
}

// Rows of the edit-distance table, reused: a spelling correction computes hundreds of them.
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
let rowC = new Int32Array(64);

/**
 * Optimal-string-alignment Damerau–Levenshtein distance (insert, delete, substitute, swap two
 * neighbours), giving up early: returns `max + 1` as soon as the distance must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const n = b.length;
  if (rowA.length < n + 1) {
    rowA = new Int32Array(n + 1);
    rowB = new Int32Array(n + 1);
    rowC = new Int32Array(n + 1);
  }
  let prev2 = rowA;
  let prev = rowB;
  let curr = rowC;
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    curr[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const bj = b.charCodeAt(j - 1);
      let d = (prev[j - 1] as number) + (ai === bj ? 0 : 1);
      const del = (prev[j] as number) + 1;
      if (del < d) d = del;
      const ins = (curr[j - 1] as number) + 1;
      if (ins < d) d = ins;
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        const swap = (prev2[j - 2] as number) + 1;
        if (swap < d) d = swap;
      }
      curr[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    const spare = prev2;
    prev2 = prev;
    prev = curr;
    curr = spare;
  }
  return prev[n] as number;
}

/** The letters a word uses, one bit each (a–z, then one shared bit for anything else). */
export function letterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i) - 97;
    mask |= c >= 0 && c < 26 ? 1 << c : 1 << 26;
  }
  return mask;
}

function bitCount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** How many times each letter occurs (a–z, then one shared slot for anything else). */
export function letterCounts(word: string): Uint8Array {
  const counts = new Uint8Array(27);
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i) - 97;
    const slot = c >= 0 && c < 26 ? c : 26;
    counts[slot] = (counts[slot] as number) + 1;
  }
  return counts;
}

/**
 * The bag distance: letters one word has more of than the other, the larger of the two sides. A
 * lower bound of the edit distance (an edit moves each side by at most one, a swap by none), far
 * cheaper to work out: it rules most candidates out before the real distance. `a` is read from
 * `at` (candidates' counts lie side by side); only the letters either word has are compared
 * (`letters`, their masks' union).
 */
function bagDistance(a: Uint8Array, at: number, b: Uint8Array, letters: number): number {
  let more = 0;
  let fewer = 0;
  for (let rest = letters; rest !== 0; rest &= rest - 1) {
    const i = 31 - Math.clz32(rest & -rest);
    const d = (a[at + i] as number) - (b[i] as number);
    if (d > 0) more += d;
    else fewer -= d;
  }
  return Math.max(more, fewer);
}

/** Typos tolerated in a word: none up to 3 letters, 1 up to 6, 2 from 7 (decision 0167). */
export function typoBudget(word: string): number {
  if (word.length <= 3) return 0;
  return word.length <= 6 ? 1 : 2;
}

/** A term a misspelt word may stand for, with what rules it out cheaply. */
interface CorrectionCandidate extends VocabularyTerm {
  letters: number;
  counts: Uint8Array;
}

/** One word of the index's vocabulary with the number of products that contain it. */
export interface VocabularyTerm {
  term: string;
  docs: number;
}

/**
 * The vocabulary of an index with each term's product count, for prefix expansion, exact
 * single-word totals and spelling correction. Built once per index version (decision 0167).
 */
/** Corrections a vocabulary keeps; past it they start again from none (a few hundred KB at most). */
const MAX_KEPT_CORRECTIONS = 4096;

export class Vocabulary {
  /** Every term, sorted, for prefix ranges. */
  private readonly terms: string[];
  /** Every term between newlines, in the order of {@link terms}: one native search finds a substring in all of them. */
  private readonly joined: string;
  /** Where each term starts in {@link joined}. */
  private readonly starts: Int32Array;
  private readonly docsByTerm = new Map<string, number>();
  /** Terms made of letters only, by length, with their letters: the candidates of a spelling correction. */
  private readonly wordsByLength = new Map<number, CorrectionCandidate[]>();
  /** Per length, the letters and letter counts of {@link wordsByLength}'s candidates in typed arrays (27 counts each). */
  private readonly lettersByLength = new Map<number, { letters: Int32Array; counts: Uint8Array }>();
  /** The same candidates in the order {@link wordsByLength} lists them (length by length). */
  private readonly candidates: CorrectionCandidate[];
  /** Positions in {@link candidates}, longest term first: the candidates for the start of a longer term. */
  private readonly longestFirst: Int32Array;
  /** The length of each term of {@link longestFirst}, in the same order (descending). */
  private readonly longestLengths: Int32Array;
  /**
   * The letters ({@link letterMask}) of the first `n` letters of each candidate, longest term
   * first: element `n × candidates + i` for the `i`-th of {@link longestFirst}. One typed array
   * scanned per length, so a prefix correction rules out most starts without cutting a string.
   */
  private readonly startLetters: Int32Array;
  /** Corrections worked out so far, by word ({@link correct}). */
  private readonly corrections = new Map<string, string | null>();

  constructor(entries: Iterable<VocabularyTerm>) {
    for (const t of entries) {
      this.docsByTerm.set(t.term, t.docs);
      if (/\d/.test(t.term)) continue; // numbers and codes are never typos of a word
      const entry = { ...t, letters: letterMask(t.term), counts: letterCounts(t.term) };
      const bucket = this.wordsByLength.get(t.term.length);
      if (bucket) bucket.push(entry);
      else this.wordsByLength.set(t.term.length, [entry]);
    }
    for (const [length, bucket] of this.wordsByLength) {
      const counts = new Uint8Array(bucket.length * 27);
      for (const [i, t] of bucket.entries()) counts.set(t.counts, i * 27);
      this.lettersByLength.set(length, { letters: Int32Array.from(bucket, (t) => t.letters), counts });
    }
    this.candidates = [...this.wordsByLength.values()].flat();
    const positions = this.candidates.map((_, i) => i);
    positions.sort((a, b) => this.lengthOf(b) - this.lengthOf(a) || a - b);
    this.longestFirst = Int32Array.from(positions);
    this.longestLengths = Int32Array.from(positions, (p) => this.lengthOf(p));
    const width = positions.length;
    this.startLetters = new Int32Array((MAX_WORD_LENGTH + 2) * width);
    for (const [i, position] of positions.entries()) {
      const term = (this.candidates[position] as CorrectionCandidate).term;
      let mask = 0;
      for (let n = 1; n <= MAX_WORD_LENGTH + 1; n++) {
        if (n <= term.length) mask |= letterMask(term[n - 1] as string);
        this.startLetters[n * width + i] = mask;
      }
    }
    this.terms = [...this.docsByTerm.keys()].sort();
    this.joined = `\n${this.terms.join('\n')}\n`;
    this.starts = new Int32Array(this.terms.length);
    let at = 1;
    for (const [i, term] of this.terms.entries()) {
      this.starts[i] = at;
      at += term.length + 1;
    }
  }

  private lengthOf(position: number): number {
    return (this.candidates[position] as CorrectionCandidate).term.length;
  }

  get size(): number {
    return this.terms.length;
  }

  /** Products containing the term (0 when the index does not know it). */
  docs(term: string): number {
    return this.docsByTerm.get(term) ?? 0;
  }

  /**
   * The terms holding `part` inside them, in order. A query word has no separators, so it can only
   * be found inside one word of a name: when no term holds it, a substring search is pointless.
   */
  containing(part: string): string[] {
    const found: string[] = [];
    if (part.length === 0 || part.includes('\n')) return found;
    let from = 0;
    for (;;) {
      const at = this.joined.indexOf(part, from);
      if (at < 0) return found;
      // The term the match lies in: the last one starting at or before it.
      let lo = 0;
      let hi = this.starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if ((this.starts[mid] as number) <= at) lo = mid;
        else hi = mid - 1;
      }
      found.push(this.terms[lo] as string);
      // Next search from the next term: a term is listed once however often it holds the part.
      from = (this.starts[lo] as number) + (this.terms[lo] as string).length + 1;
    }
  }

  /** The terms starting with `prefix`, in order, at most `max + 1` (so the caller sees an overflow). */
  withPrefix(prefix: string, max: number): string[] {
    const found: string[] = [];
    for (let i = lowerBound(this.terms, prefix); i < this.terms.length && found.length <= max; i++) {
      const term = this.terms[i] as string;
      if (!term.startsWith(prefix)) break;
      found.push(term);
    }
    return found;
  }

  /**
   * The closest term to a word the index does not know, within its typo budget, or null.
   * Closer first, then the more common term, then the longer. The word being typed (`asPrefix`) may also be a
   * typo of the start of a longer term ('tachipr' → 'tachipir…'); then that start is returned.
   */
  correct(word: string, asPrefix: boolean): string | null {
    // The same typo comes back (every search of it): its correction is kept with the vocabulary
    // it was found in (issue 18, decision 0597), so the candidates are weighed once.
    const key = asPrefix ? `*${word}` : word;
    const known = this.corrections.get(key);
    if (known !== undefined) return known;
    if (this.corrections.size >= MAX_KEPT_CORRECTIONS) this.corrections.clear();
    const found = this.closestTerm(word, asPrefix);
    this.corrections.set(key, found);
    return found;
  }

  private closestTerm(word: string, asPrefix: boolean): string | null {
    const max = typoBudget(word);
    if (max === 0 || /\d/.test(word)) return null;
    let best: { term: string; distance: number; docs: number } | null = null;
    const consider = (candidate: string, docs: number) => {
      const distance = editDistance(word, candidate, max);
      if (distance > max) return;
      if (
        best === null ||
        distance < best.distance ||
        (distance === best.distance && (docs > best.docs || (docs === best.docs && candidate.length > best.term.length)))
      ) {
        best = { term: candidate, distance, docs };
      }
    };
    // An edit changes whether at most two letters appear, so terms whose letters differ from the
    // word's in more than 2 × max places cannot be within reach: skip them before the real distance.
    // The letter counts (bag distance) rule out most of the rest the same way.
    const letters = letterMask(word);
    const counts = letterCounts(word);
    for (let length = word.length - max; length <= word.length + max; length++) {
      const bucket = this.wordsByLength.get(length);
      const known = this.lettersByLength.get(length);
      if (!bucket || !known) continue;
      for (let i = 0; i < bucket.length; i++) {
        const theirs = known.letters[i] as number;
        if (bitCount(theirs ^ letters) <= 2 * max && bagDistance(known.counts, i * 27, counts, theirs | letters) <= max) {
          const t = bucket[i] as CorrectionCandidate;
          consider(t.term, t.docs);
        }
      }
    }
    if (best === null && asPrefix) {
      // Starts of longer terms, compared at the typed length (±1 for a dropped or extra letter).
      // The letters of every start are known in advance, so the same bound as above rules out
      // most of them before anything is cut out of a term or a distance worked out; the few left
      // are then weighed in the order of the candidates (ties go to the first, as above).
      const width = this.longestFirst.length;
      // How many terms are longer than the word can stretch to (lengths descend: binary search).
      let longer = 0;
      let hi = width;
      while (longer < hi) {
        const mid = (longer + hi) >>> 1;
        if ((this.longestLengths[mid] as number) > word.length + max) longer = mid + 1;
        else hi = mid;
      }
      const reach = 2 * max;
      const left: number[] = [];
      for (let k = 0; k < 3; k++) {
        const base = (word.length - 1 + k) * width;
        for (let i = 0; i < longer; i++) {
          if (bitCount((this.startLetters[base + i] as number) ^ letters) <= reach) left.push((this.longestFirst[i] as number) * 3 + k);
        }
      }
      left.sort((a, b) => a - b);
      for (const at of left) {
        const t = this.candidates[Math.floor(at / 3)] as CorrectionCandidate;
        consider(t.term.slice(0, word.length - 1 + (at % 3)), t.docs);
      }
    }
    return (best as { term: string } | null)?.term ?? null;
  }
}

function lowerBound(sorted: readonly string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as string) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Each word the index does not know (as a whole word, or as the start of one for the word being
 * typed) replaced by its closest term (decision 0167); null when nothing could be corrected.
 */
export function correctWords(words: string[], vocabulary: Vocabulary): string[] | null {
  const last = words.length - 1;
  let changed = false;
  const corrected = words.map((word, i) => {
    const asPrefix = i === last && word.length >= 2;
    const known = asPrefix ? vocabulary.withPrefix(word, 0).length > 0 : vocabulary.docs(word) > 0;
    if (known) return word;
    const replacement = vocabulary.correct(word, asPrefix);
    if (replacement === null) return word;
    changed = true;
    return replacement;
  });
  return changed ? corrected : null;
}
