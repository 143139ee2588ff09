import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { type RowBuilder, rowBuilder } from './row-builder.js';

/** Enough for every query shape of the app; IN lists of varying length make more, and push out the oldest. */
const MAX_STATEMENTS = 1000;

/**
 * Rows of more columns than this are made by a literal. Up to it better-sqlite3's rows are plain objects that
 * cost no more than cells and a literal (measured on Node 20: V8 keeps a row set key by key in fast mode up to
 * 19 columns; with the literal for every statement the product page and a day's slots allocated 0.2–0.3 KB more).
 */
const DRIVER_ROWS_MAX = 16;

/** A statement that changes the schema: the columns a kept statement answers may change with it. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\s/i;

/**
 * A prepared statement whose rows, when they have many columns, are read as arrays of cells and made into
 * objects by one literal per column list (`row-builder.ts`, decision 0640). better-sqlite3 builds an object
 * row by setting its columns one by one through V8's API, and from 20 columns V8 turns such an object into a
 * hash table (the cart set's session-and-cart row, 23 columns: a ~1.6 KB dictionary built through smaller
 * ones, then read by hashed lookups). The objects made here are the same — keys, order, values — with every
 * row of a column list sharing one hidden class.
 */
class PreparedStatement implements SqliteStatement {
  readonly reader: boolean;
  readonly changesSchema: boolean;
  /** By the statement's column names; null: rows as the driver makes them; undefined: not read yet, or a schema change since. */
  private rowOf: RowBuilder<unknown> | null | undefined;
  private columnCount = 0;

  constructor(
    readonly statement: SQLite.Statement,
    sql: string,
  ) {
    this.reader = statement.reader;
    this.changesSchema = !statement.reader && SCHEMA_CHANGE.test(sql);
  }

  all(parameters: readonly unknown[]): unknown[] {
    if (!this.reader || this.rowOf === null) return this.statement.all(parameters);
    if (this.rowOf === undefined) {
      // The names are read after a run: a statement prepared before a schema change has its new columns only once
      // SQLite has prepared it again, on its next run.
      const rows = this.statement.all(parameters);
      this.readColumns();
      return rows;
    }
    this.statement.raw(true);
    let rows: unknown[];
    try {
      rows = this.statement.all(parameters);
    } finally {
      this.statement.raw(false);
    }
    // Another connection changed the schema (a changed column count shows it): the names again, as now prepared.
    const build = rows.length > 0 && (rows[0] as unknown[]).length !== this.columnCount ? this.readColumns() : this.rowOf;
    // Each row's cells become its object in place: no second array.
    for (let i = 0; i < rows.length; i++) rows[i] = build(rows[i] as unknown[]);
    return rows;
  }

  private readColumns(): RowBuilder<unknown> {
    const names = this.statement.columns().map((c) => c.name);
    this.columnCount = names.length;
    this.rowOf = names.length > DRIVER_ROWS_MAX ? rowBuilder(names) : null;
    return this.rowOf ?? rowBuilder(names);
  }

  run(parameters: readonly unknown[]) {
    return this.statement.run(parameters);
  }

  // Nothing of the app streams through Kysely; rows as the driver makes them (the raw mode cannot change while one is open).
  iterate(parameters: readonly unknown[]): IterableIterator<unknown> {
    return this.statement.iterate(parameters);
  }

  forgetColumns(): void {
    this.rowOf = undefined;
  }
}

/**
 * The SQLite connection as Kysely sees it, with each statement prepared once per SQL text
 * (decision 0344). Kysely's SQLite driver prepares every query afresh, and compiling the SQL was
 * the largest single cost of a request (a cart read: ~10 queries, a fifth of its CPU). A
 * better-sqlite3 statement is reusable: `all`/`run` finish before they return, SQLite recompiles
 * it by itself after a schema change, and nothing here streams (`iterate` would hold it busy).
 * A statement that changes the schema makes every kept statement read its column names again.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, PreparedStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = new PreparedStatement(sqlite.prepare(sql), sql);
        if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value as string);
        statements.set(sql, statement);
      }
      // Run right after this returns, before any other statement: the others read their names again at their next run.
      if (statement.changesSchema) for (const kept of statements.values()) kept.forgetColumns();
      return statement;
    },
  };
}
