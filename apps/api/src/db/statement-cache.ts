import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Enough for every query shape of the app; IN lists of varying length make more, and push out the oldest. */
const MAX_STATEMENTS = 1000;

/**
 * The SQLite connection as Kysely sees it, with each statement prepared once per SQL text
 * (decision 0344). Kysely's SQLite driver prepares every query afresh, and compiling the SQL was
 * the largest single cost of a request (a cart read: ~10 queries, a fifth of its CPU). A
 * better-sqlite3 statement is reusable: `all`/`run` finish before they return, SQLite recompiles
 * it by itself after a schema change, and nothing here streams (`iterate` would hold it busy).
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = sqlite.prepare(sql);
        if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value as string);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
