import { type ColumnDefinitionBuilder, type ComparisonOperatorExpression, type CreateTableBuilder, type Kysely, sql } from 'kysely';
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

// Building blocks the migrations share (issue 16). Each emits exactly the DDL its callers wrote
// out before, so the schema of a migrated database is unchanged (migrate.test.ts checks it).
type Table = CreateTableBuilder<any, any>;
type OnDelete = 'cascade' | 'set null';

/** A column that must hold a value. */
export const required = (c: ColumnDefinitionBuilder) => c.notNull();

/** A required integer with a default: the 0/1 flags and the counters that start at zero. */
export const withDefault = (value: number | string) => (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(value);

/** created_at and updated_at, the UTC ISO strings of a row that changes after it is written. */
export function timestamps(table: Table): Table {
  return table.addColumn('created_at', 'text', required).addColumn('updated_at', 'text', required);
}

/**
 * A foreign key to `target`'s id (`ref('user_id', 'users', 'cascade')`): required unless
 * `nullable`, and what becomes of this row when the target goes (nothing said = refused).
 */
export function ref(column: string, target: string, onDelete?: OnDelete, nullable = false) {
  return (table: Table): Table =>
    table.addColumn(column, 'integer', (c) => {
      const key = (nullable ? c : c.notNull()).references(`${target}.id`);
      return onDelete ? key.onDelete(onDelete) : key;
    });
}

/** The same foreign key, empty when the row stands alone. */
export const optionalRef = (column: string, target: string, onDelete?: OnDelete) => ref(column, target, onDelete, true);

/** A (non-unique) index on `columns` of `table`. */
export async function index(db: Kysely<any>, name: string, table: string, columns: string[]): Promise<void> {
  await db.schema.createIndex(name).on(table).columns(columns).execute();
}

/** A unique index on `columns` of `table`. */
export async function uniqueIndex(db: Kysely<any>, name: string, table: string, columns: string[]): Promise<void> {
  await db.schema.createIndex(name).on(table).columns(columns).unique().execute();
}

/** A migration's `down` that drops its tables, dependents first. */
export function dropTables(...tables: string[]) {
  return async (db: Kysely<any>): Promise<void> => {
    for (const table of tables) await db.schema.dropTable(table).execute();
  };
}

// Blocks that name what many tables share (issue 16), so a migration states only its own columns.

/** A new table with the auto-increment `id` primary key most tables start with. */
export const tableWithId = (db: Kysely<any>, name: string) => withId(db.schema.createTable(name), engineOf(db));

/** created_at alone: a row written once and never changed. */
export const createdAt = (table: Table): Table => table.addColumn('created_at', 'text', required);

/** The customer a row belongs to, deleted with their account. */
export const ownedByUser = ref('user_id', 'users', 'cascade');

/** The shop a row belongs to, deleted with it. */
export const ownedByShop = ref('shop_id', 'shops', 'cascade');

/** The shop a record of business is kept for (an order, a payment): the shop cannot go while it has one. */
export const keptByShop = ref('shop_id', 'shops');

/** Where a request came from, kept with consents and errors for accountability. */
export const requestOrigin = (table: Table): Table => table.addColumn('ip', 'text').addColumn('user_agent', 'text');

/** An amount of money as a provider handles it: integer cents and the ISO currency. */
export const money = (table: Table): Table =>
  table.addColumn('amount_cents', 'integer', required).addColumn('currency', 'text', required);

/** Who made a change: the user (kept when the account goes, if `onDelete` says so) and their role. */
export const actor =
  (onDelete?: OnDelete) =>
  (table: Table): Table =>
    optionalRef('actor_user_id', 'users', onDelete)(table).addColumn('actor_role', 'text', required);

/**
 * Several columns of one kind side by side, in the order given (as Rails' `t.string :a, :b`):
 * `.$call(requiredTexts('name', 'mime_type'))` is two required text columns.
 */
const columns =
  (type: 'text' | 'integer', build?: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder) =>
  (...names: string[]) =>
  (table: Table): Table =>
    names.reduce((t, name) => (build ? t.addColumn(name, type, build) : t.addColumn(name, type)), table);

export const texts = columns('text');
export const requiredTexts = columns('text', required);
export const integers = columns('integer');
export const requiredIntegers = columns('integer', required);
/** Integers that start at `value`: the 0/1 flags and the counters. */
export const integersFrom = (value: number, ...names: string[]) => columns('integer', withDefault(value))(...names);

/**
 * A unique index on `columns` of `table` over only the rows where `column op value` holds (a
 * partial index): "one main fiscal code per user", "one refund in flight per order".
 */
export async function uniqueIndexWhere(
  db: Kysely<any>,
  name: string,
  table: string,
  columns: string[],
  [column, op, value]: [string, ComparisonOperatorExpression, unknown],
): Promise<void> {
  await db.schema
    .createIndex(name)
    .on(table)
    .columns(columns)
    .unique()
    .where(sql.ref(column), op, value as any)
    .execute();
}
