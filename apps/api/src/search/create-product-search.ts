import type { Db } from '../db/database.js';
import type { DatabaseEngine } from '../config.js';
import { PostgresSearch } from './postgres.js';
import type { ProductSearch } from './product-search.js';
import { SqliteFts5Search } from './sqlite-fts5.js';

/** The ProductSearch adapter of the engine in use: FTS5 on the SQLite file, or PostgreSQL. */
export function createProductSearch(engine: DatabaseEngine, databaseUrl: string, db: Db): ProductSearch {
  return engine === 'postgres' ? new PostgresSearch(db, databaseUrl) : SqliteFts5Search.open(databaseUrl, db);
}
