import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { DatabaseEngine } from '../config.js';
import { watchLocalWrites, watchPostgresWrites } from './local-writes.js';
import { sendNamedStatements } from './named-statements.js';
import { PipelinedConnections } from './pipelined-connections.js';
import { GroupedWrites } from './grouped-writes.js';
import type { Database } from './schema.js';
import { runStatementsDirectly } from './sqlite-direct.js';
import { withStatementCache } from './statement-cache.js';
import { checkpointOffThread } from './wal-checkpoints.js';

export type Db = Kysely<Database>;

/** A database handle or an open transaction: repositories work inside the caller's transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

export interface DatabaseHandle {
  db: Db;
  engine: DatabaseEngine;
  close(): Promise<void>;
  /** Connections of the PostgreSQL pool (metrics); SQLite has one connection and no pool. */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

// PostgreSQL returns BIGINT (COUNT(*), SUM) as strings; our counts and cents fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

/**
 * The pipelined connections of a PostgreSQL database handle (decision 0612), for the few keyed
 * reads that ask for them (`preparedQuery`'s `pipelined`); none for SQLite or a transaction.
 */
const pipelinedReads = new WeakMap<Executor, PipelinedConnections>();
export const pipelinedReadsOf = (db: Executor): PipelinedConnections | undefined => pipelinedReads.get(db);

/**
 * The writes of a turn committed together on a SQLite database handle (decision 0617), for the
 * busy writes that ask for them (`preparedQuery`'s `grouped`); none for PostgreSQL or a transaction.
 */
const groupedWrites = new WeakMap<Executor, GroupedWrites>();
export const groupedWritesOf = (db: Executor): GroupedWrites | undefined => groupedWrites.get(db);

/** Opens the database chosen by the configuration: SQLite (embedded default) or PostgreSQL. */
export function openDatabase(engine: DatabaseEngine, url: string): DatabaseHandle {
  if (engine === 'postgres') {
    // A connection attempt that hangs (server restarting) gives up after 5 s: the request answers 503.
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
    // An idle client's error (e.g. the server restarted) must not crash the process, nor one that
    // is checked out between two queries: the next query on it fails (→ 503) and the pool drops it.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', () => {});
      sendNamedStatements(client);
      watchPostgresWrites(client as unknown as { query: (...args: unknown[]) => unknown });
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const reads = new PipelinedConnections({ connectionString: url, connectionTimeoutMillis: 5000 }, 2, (client) => {
      sendNamedStatements(client as pg.PoolClient);
      watchPostgresWrites(client as unknown as { query: (...args: unknown[]) => unknown });
    });
    pipelinedReads.set(db, reads);
    return {
      db,
      engine,
      close: async () => {
        await reads.end();
        await db.destroy();
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const sqlite = new SQLite(url);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Checkpoints run in a worker thread, not in the commit of a request (decision 0687).
  const checkpoints = checkpointOffThread(sqlite);
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  const viaKysely = runStatementsDirectly(db as Kysely<unknown>, sqlite, statements);
  groupedWrites.set(db, new GroupedWrites(sqlite, statements, viaKysely));
  // The one-shop search looks here first, then at the file (decision 0613).
  const unwatch = watchLocalWrites(sqlite);
  return {
    db,
    engine,
    close: async () => {
      unwatch();
      await checkpoints.close();
      await db.destroy();
      // Kysely closes the connection only if a query ever went through its driver: statements run
      // straight on the connection (sqlite-direct.ts) do not, and the file stayed open with its WAL.
      if (sqlite.open) sqlite.close();
    },
  };
}
