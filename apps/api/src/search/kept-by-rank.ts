/**
 * Values of a page's hits kept by product rank at one masters version (decisions 0604, 0675): the
 * search's rendered product halves and the master rows of category and promotions pages. A page
 * is split into the ranks kept and the others ({@link take}), its statement reads the masters
 * version with the offers ({@link settle}), and what it read whole is kept when that version is
 * still the current one ({@link keep}). At most `max` values, the least recently used dropped first.
 *
 *   for (;;) {
 *     const page = kept.take(ranks);
 *     const version = … the statement, the masters' columns only for page.missing …;
 *     if (!kept.settle(page, version)) continue;
 *     … kept.keep(rank, value, version) for each rank read whole …
 *   }
 */
export class KeptByRank<T> {
  /** In order of use, the least recent first (a Map iterates in insertion order). */
  private readonly values = new Map<number, T>();
  private version = -1;

  constructor(private readonly max: number) {}

  /**
   * The values kept for `ranks` (each now the most recently used), the ranks with and without one
   * in page order, and the version they were kept at — taken before the statement, as another
   * request may drop them meanwhile. Arrays, not a map a page: a search allocates them on every request.
   */
  take(ranks: readonly number[]): KeptPage<T> {
    const values: (T | undefined)[] = [];
    const kept: number[] = [];
    const missing: number[] = [];
    for (const rank of ranks) {
      const value = this.values.get(rank);
      values.push(value);
      if (value === undefined) missing.push(rank);
      else {
        this.values.delete(rank);
        this.values.set(rank, value);
        kept.push(rank);
      }
    }
    return { heldAt: this.version, values, kept, missing };
  }

  /**
   * Takes the masters version the page's statement read: a newer one drops every value kept. False
   * when the page used values kept at another version than the rows read with them (they are
   * dropped): it must be read again, whole where they were.
   */
  settle(page: KeptPage<T>, version: number): boolean {
    if (version > this.version) {
      this.values.clear();
      this.version = version;
    }
    if (version === page.heldAt || page.kept.length === 0) return true;
    for (const rank of page.kept) this.values.delete(rank);
    return false;
  }

  /** Keeps the value of `rank` read at masters version `version`, unless a newer one was read since. */
  keep(rank: number, value: T, version: number): void {
    if (version !== this.version) return;
    if (!this.values.delete(rank) && this.values.size >= this.max) {
      // Full: the least recently used goes (a category's first pages stay, the long tail passes).
      this.values.delete(this.values.keys().next().value as number);
    }
    this.values.set(rank, value);
  }

  /** Drops every value (what they were made with changed). */
  clear(): void {
    this.values.clear();
    this.version = -1;
  }
}

/** A page's ranks as {@link KeptByRank.take} splits them. */
export interface KeptPage<T> {
  /** The masters version the values were kept at. */
  readonly heldAt: number;
  /** The value kept for each rank of the page, in its order; undefined where none. */
  readonly values: readonly (T | undefined)[];
  /** The ranks with a value kept, in page order. */
  readonly kept: readonly number[];
  /** The ranks with no value kept, in page order: the statement reads them whole. */
  readonly missing: readonly number[];
}
