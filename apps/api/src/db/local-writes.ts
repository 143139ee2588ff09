import type SQLite from 'better-sqlite3';

/**
 * What the SQLite connections this process opened with `openDatabase` have written (decision
 * 0613): a count that moves whenever one of them has changed a row since the last look, read
 * without touching the database file. SQLite's own `pragma data_version` sees every commit, this
 * process's and others', but each read of it begins a read transaction: two `fcntl` locks and an
 * `fstat` on the file, ~6 µs, 13 % of the one-shop search's main thread under load (issue 18).
 * `total_changes()` is a counter in the connection's memory, read with no transaction at all.
 */
interface Watched {
  readonly database: SQLite.Database;
  readonly changes: SQLite.Statement;
  seen: number;
}

const watched = new Set<Watched>();
/** Moves on every change seen on a watched connection, and when one stops being watched: never back. */
let written = 0;

/** Counts `database`'s writes in {@link localWrites} until the returned function is called (before it closes). */
export function watchLocalWrites(database: SQLite.Database): () => void {
  const changes = database.prepare('select total_changes()').pluck();
  const entry: Watched = { database, changes, seen: changes.get() as number };
  watched.add(entry);
  return () => {
    // Whatever it wrote since the last look counts, without reading it once more.
    if (watched.delete(entry)) written++;
  };
}

/**
 * A number that differs from any earlier answer once a watched connection has changed a row
 * (rows changed by triggers included); null while one of them is inside a transaction, whose
 * writes are not there for others to see until its commit, which changes no row of its own.
 */
export function localWrites(): number | null {
  for (const entry of watched) {
    if (entry.database.inTransaction) return null;
    const changes = entry.changes.get() as number;
    if (changes !== entry.seen) {
      entry.seen = changes;
      written++;
    }
  }
  return written;
}

/** A statement that only reads (the app's reads all begin with `select`; anything else may write). */
const READ = /^\s*select\b/i;

/**
 * Counts in {@link localWrites} every statement but a read that a PostgreSQL `client` of this process
 * completes (decision 0683): writes, a transaction's commit — counted once the server answered, before
 * the caller goes on, so a look made before it is not used after it. A statement another process
 * sends is not seen: 0613's rule covers it (a look per pass of the poll). Conservative: a `with` read
 * counts as a write, and so does a failed write.
 */
export function watchPostgresWrites(client: { query: (...args: unknown[]) => unknown }): void {
  const query = client.query.bind(client);
  const counted = () => {
    written++;
  };
  client.query = (...args: unknown[]) => {
    const config = args[0] as string | { text?: string } | undefined;
    const text = typeof config === 'string' ? config : config?.text;
    if (text !== undefined && READ.test(text)) return query(...args);
    // Answered to a callback (none of the app's statements is) or as a promise: counted before either goes on.
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (...answer: unknown[]) => {
        counted();
        return callback(...answer);
      };
    }
    const result = query(...args);
    if (typeof (result as Promise<unknown> | undefined)?.then === 'function') (result as Promise<unknown>).then(counted, counted);
    return result;
  };
}
