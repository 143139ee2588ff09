import type { CompiledQuery } from 'kysely';
import type { Executor } from './database.js';

/**
 * Reads kept in memory while a stamp stays the same (decisions 0585, 0586): the caller reads a
 * version that triggers move on every write its reads depend on (one row, one statement) and passes
 * it with each lookup; a new stamp drops everything kept. So a write made by any instance is seen
 * at the next request here, without a timer and without telling the other instances.
 *
 * A read is kept only while the stamp it was asked with is still the current one: when a request
 * saw a newer stamp meanwhile, what was read under the older one is answered but not kept. Every
 * read starts after its stamp was read, so nothing kept is older than its stamp.
 */
export class KeptReads<T> {
  private readonly kept = new Map<string, T>();
  private stamp: string | undefined;

  /** `capacity`: entries kept at most; the oldest stored goes first. */
  constructor(private readonly capacity: number) {}

  /** `stamp` undefined (no version row: nothing to follow): read every time, nothing kept. */
  async get(stamp: string | undefined, key: string, read: () => Promise<T>): Promise<T> {
    if (stamp === undefined) return read();
    this.follow(stamp);
    const hit = this.kept.get(key);
    if (hit !== undefined) return hit;
    const value = await read();
    if (this.stamp === stamp) this.keep(key, value);
    return value;
  }

  /**
   * {@link get} for several keys at once: the kept ones answered from memory, the others read
   * together by `readMissing`, which answers what it found by key (a key it leaves out is not kept
   * and is asked again next time). Kept under the same rules as `get`.
   */
  async getMany(stamp: string | undefined, keys: readonly string[], readMissing: (keys: string[]) => Promise<Map<string, T>>): Promise<Map<string, T>> {
    if (stamp === undefined) return readMissing([...keys]);
    this.follow(stamp);
    const found = new Map<string, T>();
    const missing: string[] = [];
    for (const key of keys) {
      const hit = this.kept.get(key);
      if (hit === undefined) missing.push(key);
      else found.set(key, hit);
    }
    if (missing.length === 0) return found;
    const read = await readMissing(missing);
    const keep = this.stamp === stamp;
    for (const [key, value] of read) {
      found.set(key, value);
      if (keep) this.keep(key, value);
    }
    return found;
  }

  /**
   * What is kept under `key` with the stamp it is kept under, for a caller that reads that stamp
   * in one statement with other versions (decision 0600) and compares it itself.
   */
  peek(key: string): { stamp: string; value: T } | undefined {
    const value = this.kept.get(key);
    return value === undefined || this.stamp === undefined ? undefined : { stamp: this.stamp, value };
  }

  /** Whether something is kept under `key` (at whatever stamp: {@link get} still checks it). */
  holds(key: string): boolean {
    return this.kept.has(key);
  }

  /**
   * Keeps `value`, read in the same statement as `stamp` (so exactly as of it): a reader that has
   * nothing kept for its key reads both in one round trip instead of the stamp and then the value.
   * A stamp other than the current one replaces it, as in {@link get}.
   */
  keepAt(stamp: string, key: string, value: T): void {
    this.follow(stamp);
    this.keep(key, value);
  }

  /** A new stamp drops everything kept under the old one. */
  private follow(stamp: string): void {
    if (stamp === this.stamp) return;
    this.kept.clear();
    this.stamp = stamp;
  }

  private keep(key: string, value: T): void {
    if (this.kept.size >= this.capacity) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(key, value);
  }
}

/**
 * A stamp for {@link KeptReads}: the `version` of a one-row table that triggers move (migration 0135),
 * or undefined when the row is missing (nothing is kept then).
 */
export async function readStamp(db: Executor, query: CompiledQuery): Promise<string | undefined> {
  const { rows } = await db.executeQuery<{ version: number | string | bigint }>(query);
  return rows[0] === undefined ? undefined : String(rows[0].version);
}

/**
 * Reads kept per key, each under its own stamp (decisions 0590, 0591): a version row per customer
 * or staff member, moved by triggers, so one key's write leaves the others kept. The value is
 * read after its stamp and kept under it, so nothing kept is older than its stamp; an undefined
 * stamp (nothing to follow) reads every time and keeps nothing. At most `capacity` keys, the
 * oldest stored first out.
 */
export class KeptPerKey<K, T> {
  private readonly kept = new Map<K, { stamp: string; value: T }>();

  constructor(private readonly capacity: number) {}

  /** Whether something is kept under `key` (at whatever stamp: {@link get} still checks it). */
  holds(key: K): boolean {
    return this.kept.has(key);
  }

  async get(stamp: string | undefined, key: K, read: () => Promise<T>): Promise<T> {
    if (stamp === undefined) return read();
    const hit = this.kept.get(key);
    if (hit !== undefined && hit.stamp === stamp) return hit.value;
    const value = await read();
    this.kept.delete(key);
    if (this.kept.size >= this.capacity) this.kept.delete(this.kept.keys().next().value as K);
    this.kept.set(key, { stamp, value });
    return value;
  }
}
