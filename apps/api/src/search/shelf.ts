import type { Postings } from './postings.js';

/**
 * A shop's shelf as the search adapters hold it (issue 18, decision 0541): one bit per rank of
 * the products it has on sale — or `null` when it sells the whole master (every product of a
 * one-shop installation), so that search runs exactly as before, with no filter at all. A bit per
 * rank of a 250,000-product master is 31 KB a shop (20,000 ranks as integers: 80 KB), is built
 * from the ids in any order (no sort), and answers "does the shop sell it" in one lookup: a
 * category page, a substring search or a word list is cut to the shelf in one pass.
 *
 * A query's words are intersected anyway, so restricting any one list to the shelf restricts the
 * answer: the shortest one is filtered, and the filtered list is kept with the shelf, so the next
 * query with that word costs nothing more and the one-word tiers cached by postings object keep
 * working.
 */
export class Shelf {
  private readonly filtered = new WeakMap<Postings, Postings>();

  /**
   * @param bits bit `rank` set when the shop sells the product of that rank (see {@link shelfBits}),
   *   null for the whole master.
   * @param version the shop's `shop_shelves` version the shelf was read at (PostgreSQL, migration
   *   0133): a page read at another version says the shelf has moved since.
   */
  constructor(
    private readonly bits: Uint32Array | null,
    readonly version = 0,
  ) {}

  /** A shelf of these ranks (any order); the whole master when there are `masterSize` of them. */
  static of(ranks: ArrayLike<number>, masterSize: number, version = 0): Shelf {
    if (ranks.length >= masterSize) return new Shelf(null, version);
    let max = 0;
    for (let i = 0; i < ranks.length; i++) if ((ranks[i] as number) > max) max = ranks[i] as number;
    const bits = shelfBits(max);
    for (let i = 0; i < ranks.length; i++) setBit(bits, ranks[i] as number);
    return new Shelf(bits, version);
  }

  /** Whether the shop sells the product of this rank. */
  sells(rank: number): boolean {
    const bits = this.bits;
    if (bits === null) return true;
    const word = rank >>> 5;
    return word < bits.length && ((bits[word] as number) & (1 << (rank & 31))) !== 0;
  }

  /** Ranks `offset`… of `ranks` (ascending) that the shop sells, at most `limit`: a category page on the shelf. */
  slice(ranks: Int32Array, offset: number, limit: number): number[] {
    const out: number[] = [];
    let skipped = 0;
    for (let i = 0; i < ranks.length && out.length < limit; i++) {
      const rank = ranks[i] as number;
      if (!this.sells(rank)) continue;
      if (skipped < offset) skipped++;
      else out.push(rank);
    }
    return out;
  }

  /** The first `max` of `ranks` that the shop sells, in their order. */
  cutTo(ranks: Int32Array, max: number): Int32Array {
    if (this.bits === null) return ranks.subarray(0, max);
    const out = new Int32Array(Math.min(ranks.length, max));
    let n = 0;
    for (let i = 0; i < ranks.length && n < max; i++) if (this.sells(ranks[i] as number)) out[n++] = ranks[i] as number;
    return out.subarray(0, n);
  }

  /** The query's word lists with the shortest one cut to the shelf (the lists themselves, not a copy, for the whole master). */
  restrict(lists: readonly Postings[]): readonly Postings[] {
    if (this.bits === null || lists.length === 0) return lists;
    let shortest = 0;
    for (let i = 1; i < lists.length; i++) if ((lists[i] as Postings).ranks.length < (lists[shortest] as Postings).ranks.length) shortest = i;
    const out = [...lists];
    out[shortest] = this.cut(lists[shortest] as Postings);
    return out;
  }

  private cut(postings: Postings): Postings {
    const known = this.filtered.get(postings);
    if (known) return known;
    const length = postings.ranks.length;
    if (scratchRanks.length < length) {
      scratchRanks = new Int32Array(length);
      scratchMasks = new Uint8Array(length);
    }
    const ranks = scratchRanks;
    const masks = scratchMasks;
    let n = 0;
    for (let i = 0; i < length; i++) {
      const rank = postings.ranks[i] as number;
      if (this.sells(rank)) {
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

/**
 * Where {@link Shelf.cut} filters a list before copying out what the shop sells (a few percent of
 * it): lists of a broad word or prefix run to 100,000+ entries, and two arrays of their full length
 * per cut were garbage for the collector on every shop's first query with that word.
 */
let scratchRanks = new Int32Array(0);
let scratchMasks = new Uint8Array(0);

/** An empty bit set for ranks 0…`maxRank`. */
export function shelfBits(maxRank: number): Uint32Array {
  return new Uint32Array((maxRank >>> 5) + 1);
}

/** Sets `rank`'s bit (it must lie within the set's ranks). */
export function setBit(bits: Uint32Array, rank: number): void {
  bits[rank >>> 5] = (bits[rank >>> 5] as number) | (1 << (rank & 31));
}

/** The statement that reads a shop's shelf: ranks of its products on sale, ascending (one parameter, the shop). */
export const SHELF_SQL = (mark: string) => `select p.rank from product_offers o join products p on p.id = o.product_id
  where o.shop_id = ${mark} and o.on_sale = 1 order by p.rank`;

/**
 * PostgreSQL's shelf statement (migrations 0133, 0138): the shop's shelf version and its products
 * on sale, in one snapshot. Stored with the version (`shop_shelves.ids`, one row), they come as a
 * bitmap by product id ({@link idBitmapOf}; `stored` true). When they are not stored (the version
 * moved since, or never read), they come from the partial index `product_offers_shelf` alone, as
 * the ids in 4-byte big-endian integers (`stored` false), and the reader stores their bitmap
 * ({@link STORE_SHELF_IDS_SQL}). Either way one `bytea`: parsing 20,000 numbers out of an array's
 * text cost ~10 ms of CPU. The ids become ranks through the search index in memory: joining 20,000
 * products to order them by rank cost more than everything else a first search of a shop does.
 */
export const SHELF_IDS_SQL = `select coalesce(v.version, 0) as version, v.ids is not null as stored,
  coalesce(v.ids, (select coalesce(string_agg(int4send(o.product_id), ''::bytea), ''::bytea)
    from product_offers o where o.shop_id = $1 and o.on_sale = 1)) as ids
  from (values (1)) one left join shop_shelves v on v.shop_id = $1`;

/**
 * Stores a shelf's bitmap read at a version, unless the shelf has moved since (another version) or
 * another reader stored it already. A shop without a row yet gets one at that version: a writer's
 * trigger then moves it, which clears the bitmap (migration 0138).
 */
export const STORE_SHELF_IDS_SQL = `insert into shop_shelves (shop_id, version, ids) values ($1, $2, $3)
  on conflict (shop_id) do update set ids = excluded.ids
  where shop_shelves.version = excluded.version and shop_shelves.ids is null`;

/**
 * Product ids given as 4-byte big-endian integers, as a bitmap by id: bit `id % 8` of byte
 * `id >> 3`, PostgreSQL's `get_bit` order. 31 KB for a 250,000-product master against 80 KB of
 * ids for a 20,000-product shelf: less to send, and no number to read.
 */
export function idBitmapOf(ids: Buffer): Buffer {
  let max = -1;
  for (let at = 0; at + 4 <= ids.length; at += 4) max = Math.max(max, ids.readInt32BE(at));
  const bitmap = Buffer.alloc((max >> 3) + 1);
  for (let at = 0; at + 4 <= ids.length; at += 4) {
    const id = ids.readInt32BE(at);
    bitmap[id >> 3] = (bitmap[id >> 3] as number) | (1 << (id & 7));
  }
  return bitmap;
}

/**
 * Calls `each` with every id set in a bitmap of {@link idBitmapOf}, ascending. Four bytes at a time
 * (as one little-endian word, so bit `b` of it is id `8 × at + b`): a shop's first read decodes
 * ~31,000 bytes, and byte by byte that was ~4–6 % of the offers bench's CPU on the shared machine.
 */
export function forEachIdOfBitmap(bitmap: Buffer, each: (id: number) => void): void {
  const whole = bitmap.length & ~3;
  for (let at = 0; at < whole; at += 4) {
    const word = (bitmap[at] as number) | ((bitmap[at + 1] as number) << 8) | ((bitmap[at + 2] as number) << 16) | ((bitmap[at + 3] as number) << 24);
    eachBit(word, at << 3, each);
  }
  for (let at = whole; at < bitmap.length; at++) eachBit(bitmap[at] as number, at << 3, each);
}

/** Calls `each` with `base + b` for every bit `b` set in the 32-bit `word`, ascending. */
function eachBit(word: number, base: number, each: (id: number) => void): void {
  let rest = word;
  while (rest !== 0) {
    const lowest = rest & -rest;
    each(base + 31 - Math.clz32(lowest));
    rest ^= lowest;
  }
}

/** Shelves kept per adapter; past it the cache starts again from empty (≈ 31 KB each at 250,000 products). */
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

  /** The shop's shelf when it is held; else undefined (then {@link of} reads it). No promise: the usual case of every search. */
  held(shopId: number): Shelf | undefined {
    return this.byShop.get(shopId);
  }

  /** The shop's shelf: held, or read once (concurrent first searches of a shop share the read). */
  async of(shopId: number, read: () => Promise<Shelf>): Promise<Shelf> {
    const held = this.held(shopId);
    if (held) return held;
    let load = this.loading.get(shopId);
    if (!load) {
      const version = this.version;
      const reading: Promise<Shelf> = read()
        .then((shelf) => {
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
