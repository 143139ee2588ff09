import type SQLite from 'better-sqlite3';
import type { CompiledQuery, Kysely, QueryResult, SqliteDatabase } from 'kysely';

/**
 * Runs SQLite statements outside a transaction straight on the connection (issue 22). Kysely's
 * SQLite driver has one connection behind a promise mutex: every query, a read by primary key too,
 * waits its turn and goes through acquire, run, release and result plumbing — a chain of promises
 * around a better-sqlite3 call that is synchronous anyway (a tenth of a product page's CPU under
 * load). A single statement does not need the mutex: it runs to its end before any other
 * JavaScript. What the mutex really guards is a transaction, which holds the connection across
 * awaits; while one is open (`inTransaction`, from BEGIN to COMMIT or ROLLBACK) a statement from
 * outside would run inside it, so it takes Kysely's path and waits as before. The result is the
 * one Kysely's SQLite connection builds, from the same cached statement (decision 0344).
 * Transactions, `withPlugin` and `connection()` get executors of their own and are untouched.
 * Answers Kysely's own path, for a caller that must wait for the connection as it does.
 */
export function runStatementsDirectly(
  db: Kysely<unknown>,
  sqlite: SQLite.Database,
  statements: SqliteDatabase,
): (compiled: CompiledQuery) => Promise<QueryResult<unknown>> {
  const executor = db.getExecutor();
  const viaKysely = executor.executeQuery.bind(executor);
  executor.executeQuery = <R>(compiled: CompiledQuery<R>): Promise<QueryResult<R>> => {
    if (sqlite.inTransaction) return viaKysely(compiled);
    try {
      return Promise.resolve(runStatement<R>(statements, compiled));
    } catch (error) {
      return Promise.reject(error);
    }
  };
  return viaKysely;
}

/** One statement run on the connection as Kysely's SQLite connection runs it, with the result it builds. */
export function runStatement<R>(statements: SqliteDatabase, { sql, parameters }: CompiledQuery<R>): QueryResult<R> {
  const statement = statements.prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return {
    numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
    insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
    rows: [],
  };
}
