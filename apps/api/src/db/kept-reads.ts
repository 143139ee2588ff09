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
    if (stamp !== this.stamp) {
      this.kept.clear();
      this.stamp = stamp;
    }
    const hit = this.kept.get(key);
    if (hit !== undefined) return hit;
    const value = await read();
    if (this.stamp === stamp) this.put(key, value);
    return value;
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
  keep(stamp: string, key: string, value: T): void {
    if (stamp !== this.stamp) {
      this.kept.clear();
      this.stamp = stamp;
    }
    this.put(key, value);
  }

  private put(key: string, value: T): void {
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

