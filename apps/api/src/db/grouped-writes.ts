import type SQLite from 'better-sqlite3';
import type { CompiledQuery, QueryResult, SqliteDatabase } from 'kysely';
import { runStatement } from './sqlite-direct.js';

interface Queued {
  compiled: CompiledQuery;
  resolve(result: QueryResult<unknown>): void;
  reject(error: unknown): void;
}

/**
 * SQLite writes asked for in one turn of the event loop, committed together at its end (decision
 * 0617). A write on its own is its own transaction: SQLite takes the write lock, appends the pages
 * it changed to the WAL with a commit frame and updates the WAL index — ~26 µs for a cart line's
 * upsert on the bench data, against 6–10 µs each when 5–20 share one transaction. Under load the
 * writes of the requests that arrived together (one poll of the sockets) are queued during the
 * turn and run in `setImmediate`, in the order they were asked for, inside one
 * `begin immediate … commit`; each promise settles after the commit, so an answer never leaves
 * before its write is durable as a lone write's would be. A statement that fails (a constraint)
 * is undone alone by SQLite (statement-level abort) and fails only its own promise; an error that
 * ends the transaction (I/O, busy) fails every write of the group. While a transaction of the app
 * holds the connection across awaits, the group's writes go one by one through `whenBusy`
 * (Kysely's own path, which waits for it), as a lone write would.
 */
export class GroupedWrites {
  private queue: Queued[] = [];

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly statements: SqliteDatabase,
    private readonly whenBusy: (compiled: CompiledQuery) => Promise<QueryResult<unknown>>,
  ) {}

  run<R>(compiled: CompiledQuery<R>): Promise<QueryResult<R>> {
    return new Promise((resolve, reject) => {
      if (this.queue.length === 0) setImmediate(() => this.flush());
      this.queue.push({ compiled, resolve: resolve as Queued['resolve'], reject });
    });
  }

  private flush(): void {
    const queue = this.queue;
    this.queue = [];
    if (this.sqlite.inTransaction) {
      for (const write of queue) this.whenBusy(write.compiled).then(write.resolve, write.reject);
      return;
    }
    const outcomes: Array<{ result?: QueryResult<unknown>; error?: unknown }> = [];
    try {
      this.statements.prepare('begin immediate').run([]);
      for (const write of queue) {
        try {
          outcomes.push({ result: runStatement(this.statements, write.compiled) });
        } catch (error) {
          if (!this.sqlite.inTransaction) throw error;
          outcomes.push({ error });
        }
      }
      this.statements.prepare('commit').run([]);
    } catch (error) {
      if (this.sqlite.inTransaction) this.statements.prepare('rollback').run([]);
      for (const write of queue) write.reject(error);
      return;
    }
    queue.forEach((write, i) => {
      const outcome = outcomes[i];
      if (outcome?.result) write.resolve(outcome.result);
      else write.reject(outcome?.error);
    });
  }
}
