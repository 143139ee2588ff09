import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { DatabaseEngine } from '../config.js';

/** Which engine a Kysely instance talks to, for the few places (DDL, full-text search) where they differ. */
export function engineOf(db: Kysely<any>): DatabaseEngine {
  const adapter = db.getExecutor().adapter;
  return adapter.constructor.name.toLowerCase().includes('postgres') ? 'postgres' : 'sqlite';
}

/** An auto-increment integer primary key on either engine. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, engine: DatabaseEngine) {
  return engine === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Current time as the UTC ISO string we store everywhere. */
export const nowIso = () => new Date().toISOString();

export { sql };

/**
 * A migration that adds nullable text columns to an existing table (and drops them again on
 * `down`), one ALTER each: both engines accept one added column per statement.
 */
export function addTextColumns(table: string, columns: readonly string[]) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      for (const column of columns) await db.schema.alterTable(table).addColumn(column, 'text').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      for (const column of columns) await db.schema.alterTable(table).dropColumn(column).execute();
    },
  };
}
