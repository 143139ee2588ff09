import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseEngine } from '../config.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  engine: DatabaseEngine;
  close(): Promise<void>;
}

// PostgreSQL returns BIGINT (COUNT(*), SUM) as strings; our counts and cents fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

/** Opens the database chosen by the configuration: SQLite (embedded default) or PostgreSQL. */
export function openDatabase(engine: DatabaseEngine, url: string): DatabaseHandle {
  if (engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle client's error (e.g. the server restarted) must not crash the process.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine, close: () => db.destroy() };
  }
  const sqlite = new SQLite(url);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, engine, close: () => db.destroy() };
}
