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

/** Lowercase, diacritics removed (È → e, ä → a), then NFC. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** The words of a query, folded, in order, at most {@link MAX_QUERY_WORDS}. */
export function queryWords(text: string): string[] {
  const words = foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_QUERY_WORDS).map((w) => w.slice(0, MAX_WORD_LENGTH));
}

/** A ministerial code typed as the whole query (9 digits, an optional leading 'A' as on packs). */
export function exactCodeOf(text: string): string | null {
  const match = /^\s*a?(\d{9})\s*$/i.exec(text);
  return match ? (match[1] as string) : null;
}

/**
 * Optimal-string-alignment Damerau–Levenshtein distance (insert, delete, substitute, swap two
 * neighbours), giving up early: returns `max + 1` as soon as the distance must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let curr = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    curr[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (curr[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        d = Math.min(d, (prev2[j - 2] as number) + 1);
      }
      curr[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, curr] = [prev, curr, prev2];
  }
  return prev[n] as number;
}

/** Typos tolerated in a word: none up to 3 letters, 1 up to 6, 2 from 7 (decision 0167). */
export function typoBudget(word: string): number {
  if (word.length <= 3) return 0;
  return word.length <= 6 ? 1 : 2;
}

/** One word of the index's vocabulary with the number of products that contain it. */
export interface VocabularyTerm {
  term: string;
  docs: number;
}

/**
 * The vocabulary of an index, grouped by length, for spelling correction. Built once per index
 * version; a correction compares a word only with terms of a length it could be a typo of.
 */
export class Vocabulary {
  private readonly byLength = new Map<number, VocabularyTerm[]>();
  private readonly known = new Set<string>();
  private readonly sortedTerms: string[];

  constructor(terms: Iterable<VocabularyTerm>) {
    const all: string[] = [];
    for (const t of terms) {
      if (/\d/.test(t.term)) continue; // numbers and codes are never typos of a word
      this.known.add(t.term);
      all.push(t.term);
      const bucket = this.byLength.get(t.term.length);
      if (bucket) bucket.push(t);
      else this.byLength.set(t.term.length, [t]);
    }
    this.sortedTerms = all.sort();
  }

  get size(): number {
    return this.known.size;
  }

  /** True when the word is a term, or (for the word being typed) the start of one. */
  has(word: string, asPrefix: boolean): boolean {
    if (this.known.has(word)) return true;
    if (!asPrefix) return false;
    const at = lowerBound(this.sortedTerms, word);
    return this.sortedTerms[at]?.startsWith(word) ?? false;
  }

  /**
   * The closest term to a word the index does not know, within its typo budget, or null.
   * Closer first, then the more common term. The word being typed (`asPrefix`) may also be a
   * typo of the start of a longer term ('tachipr' → 'tachipir…'), then the term's start is used.
   */
  correct(word: string, asPrefix: boolean): string | null {
    const max = typoBudget(word);
    if (max === 0 || /\d/.test(word)) return null;
    let best: { term: string; distance: number; docs: number } | null = null;
    const consider = (term: string, candidate: string, docs: number) => {
      const distance = editDistance(word, candidate, max);
      if (distance > max) return;
      if (!best || distance < best.distance || (distance === best.distance && docs > best.docs)) {
        best = { term, distance, docs };
      }
    };
    for (let length = word.length - max; length <= word.length + max; length++) {
      for (const t of this.byLength.get(length) ?? []) consider(t.term, t.term, t.docs);
    }
    if (asPrefix) {
      // Starts of longer terms, compared at the typed length (±1 for a dropped or extra letter).
      for (const [length, bucket] of this.byLength) {
        if (length <= word.length + max) continue;
        for (const t of bucket) {
          for (const cut of [word.length - 1, word.length, word.length + 1]) {
            consider(t.term.slice(0, cut), t.term.slice(0, cut), t.docs);
          }
        }
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
