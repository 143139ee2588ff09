import type { Postings } from './postings.js';

/**
 * A shop's shelf as the search adapters hold it (issue 18, decision 0541): the ranks of the
 * products it has on sale, ascending — or `null` when it sells the whole master (every product of
 * a one-shop installation), so that search runs exactly as before, with no filter at all.
 *
 * A query's words are intersected anyway, so restricting any one list to the shelf restricts the
 * answer: the shortest one is filtered (galloping through the shelf), and the filtered list is
 * kept with the shelf, so the next query with that word costs nothing more and the one-word
 * tiers cached by postings object keep working.
 */
export class Shelf {
  private readonly filtered = new WeakMap<Postings, Postings>();

  /**
   * @param version the shop's `shop_shelves` version the shelf was read at (PostgreSQL, migration
   *   0133): a page read at another version says the shelf has moved since.
   */
  constructor(
    readonly ranks: Int32Array | null,
    readonly version = 0,
  ) {}

  /** Whether the shop sells the product of this rank. */
  sells(rank: number): boolean {
    if (this.ranks === null) return true;
    const at = lowerBound(this.ranks, rank, 0);
    return at < this.ranks.length && this.ranks[at] === rank;
  }

  /** Ranks `offset`… of `ranks` (ascending) that the shop sells, at most `limit`: a category page on the shelf. */
  slice(ranks: Int32Array, offset: number, limit: number): number[] {
    const out: number[] = [];
    let skipped = 0;
    let at = 0;
    for (let i = 0; i < ranks.length && out.length < limit; i++) {
      const rank = ranks[i] as number;
      if (this.ranks !== null) {
        at = lowerBound(this.ranks, rank, at);
        if (at >= this.ranks.length) break;
        if (this.ranks[at] !== rank) continue;
      }
      if (skipped < offset) skipped++;
      else out.push(rank);
    }
    return out;
  }

  /** The query's word lists with the shortest one cut to the shelf. */
  restrict(lists: readonly Postings[]): Postings[] {
    if (this.ranks === null || lists.length === 0) return [...lists];
    let shortest = 0;
    for (let i = 1; i < lists.length; i++) if ((lists[i] as Postings).ranks.length < (lists[shortest] as Postings).ranks.length) shortest = i;
    const out = [...lists];
    out[shortest] = this.cut(lists[shortest] as Postings);
    return out;
  }

  private cut(postings: Postings): Postings {
    const known = this.filtered.get(postings);
    if (known) return known;
    const shelf = this.ranks as Int32Array;
    const ranks = new Int32Array(Math.min(postings.ranks.length, shelf.length));
    const masks = new Uint8Array(ranks.length);
    let n = 0;
    let at = 0;
    for (let i = 0; i < postings.ranks.length && at < shelf.length; i++) {
      const rank = postings.ranks[i] as number;
      at = lowerBound(shelf, rank, at);
      if (shelf[at] === rank) {
        ranks[n] = rank;
        masks[n] = postings.masks[i] as number;
        n++;
      }
    }
    const cut: Postings = { ranks: ranks.slice(0, n), masks: masks.slice(0, n) };
    this.filtered.set(postings, cut);
    return cut;
  }
}

/** First index ≥ `from` whose value is ≥ `target` (exponential, then binary search). */
function lowerBound(values: Int32Array, target: number, from: number): number {
  let lo = from;
  let hi = from;
  let step = 1;
  while (hi < values.length && (values[hi] as number) < target) {
    lo = hi + 1;
    hi += step;
    step *= 2;
  }
  if (hi > values.length) hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] as number) < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The statement that reads a shop's shelf: ranks of its products on sale, ascending (one parameter, the shop). */
export const SHELF_SQL = (mark: string) => `select p.rank from product_offers o join products p on p.id = o.product_id
  where o.shop_id = ${mark} and o.on_sale = 1 order by p.rank`;

/**
 * PostgreSQL's shelf statement (migration 0133): the shop's shelf version and the ids of its
 * products on sale, in one snapshot, from the partial index `product_offers_shelf` alone. The ids
 * become ranks through the search index in memory: joining 20,000 products to order them by rank
 * cost more than everything else a first search of a shop does. They come as 4-byte big-endian
 * integers in one `bytea`: parsing 20,000 numbers out of an array's text cost ~10 ms of CPU.
 */
export const SHELF_IDS_SQL = `select coalesce((select v.version from shop_shelves v where v.shop_id = $1), 0) as version,
  coalesce((select string_agg(int4send(o.product_id), ''::bytea) from product_offers o where o.shop_id = $1 and o.on_sale = 1), ''::bytea) as ids`;

/** Shelves kept per adapter; past it the cache starts again from empty (20,000 offers ≈ 80 KB each). */
export const MAX_SHELVES = 1024;

/**
 * The shelves an adapter holds, dropped together when `offers_version` moves (an offer added,
 * removed, put on or off sale — not a price or stock change, which the page's rows carry).
 */
export class Shelves {
  private version = -1;
  private readonly byShop = new Map<number, Shelf>();
  private readonly loading = new Map<number, Promise<Shelf>>();

  /** Drops every shelf when the installation's offers version is not the one they were read at. */
  seen(version: number): void {
    if (version === this.version) return;
    this.version = version;
    this.byShop.clear();
    this.loading.clear();
  }

  /** The shop's shelf: held, or read once (`read` answers its ranks and the master's size). */
  async of(shopId: number, read: () => Promise<{ ranks: Int32Array; masterSize: number; version?: number }>): Promise<Shelf> {
    const held = this.byShop.get(shopId);
    if (held) return held;
    let load = this.loading.get(shopId);
    if (!load) {
      const version = this.version;
      const reading: Promise<Shelf> = read()
        .then(({ ranks, masterSize, version: shelfVersion }) => {
          const shelf = new Shelf(ranks.length >= masterSize ? null : ranks, shelfVersion);
          if (version === this.version) {
            if (this.byShop.size >= MAX_SHELVES) this.byShop.clear();
            this.byShop.set(shopId, shelf);
          }
          return shelf;
        })
        // A failed read is not kept: the next search of the shop reads again.
        .finally(() => {
          if (this.loading.get(shopId) === reading) this.loading.delete(shopId);
        });
      load = reading;
      this.loading.set(shopId, load);
    }
    return load;
  }

  /** Drops one shop's shelf (it moved since it was read), unless a newer one replaced it already. */
  drop(shopId: number, shelf: Shelf): void {
    if (this.byShop.get(shopId) === shelf) this.byShop.delete(shopId);
  }
}
