import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Executor } from '../../db/database.js';

/**
 * Raw access for the data export and the erasure. The export reads every table that has a
 * column naming the user (found by introspection, so a table a module adds later is exported
 * without anyone remembering to), plus the child rows of the user's orders, carts and cards.
 */

/** Columns that hold the owner of a row. */
export const OWNER_COLUMNS = ['user_id', 'owner_user_id'] as const;

/** Rows that belong to the user's rows through a parent (child table, its key, parent table). */
export const CHILD_TABLES: ReadonlyArray<{ table: string; key: string; parent: string }> = [
  { table: 'cart_products', key: 'cart_id', parent: 'carts' },
  { table: 'order_products', key: 'order_id', parent: 'orders' },
  { table: 'order_events', key: 'order_id', parent: 'orders' },
  { table: 'payments', key: 'order_id', parent: 'orders' },
  { table: 'loyalty_movements', key: 'card_id', parent: 'loyalty_cards' },
];

/** Never exported: credentials, token digests, storage keys, push keys. */
export const SECRET_COLUMNS: ReadonlySet<string> = new Set([
  'password_hash',
  'token_hash',
  'current_jti',
  'blob_key',
  'subscription',
]);

export interface TableShape {
  name: string;
  columns: string[];
}

export async function userTables(db: Db): Promise<TableShape[]> {
  const tables = await db.introspection.getTables();
  return tables
    .filter((t) => !t.isView)
    .map((t) => ({ name: t.name, columns: t.columns.map((c) => c.name) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

type Row = Record<string, unknown>;

/** Rows of `table` whose `column` is one of `values` (dynamic table names: checked against introspection first). */
export async function rowsWhere(db: Db, table: string, column: string, values: readonly unknown[]): Promise<Row[]> {
  if (values.length === 0) return [];
  const result = await sql<Row>`select * from ${sql.table(table)} where ${sql.ref(column)} in (${sql.join(values)}) order by 1`.execute(db);
  return result.rows;
}

/** An unusable stand-in for a credential or a unique value of an erased account. */
export const tombstoneToken = () => randomBytes(24).toString('base64url');

export async function deleteWhere(db: Executor, table: string, column: string, value: unknown): Promise<void> {
  await sql`delete from ${sql.table(table)} where ${sql.ref(column)} = ${value}`.execute(db);
}

export function userFileIds(db: Executor, userId: number): Promise<Array<{ id: number }>> {
  return db.selectFrom('files').select('id').where('user_id', '=', userId).execute();
}

export function userEndpoints(db: Executor, userId: number): Promise<Array<{ endpoint: string | null }>> {
  return db.selectFrom('notification_settings').select('endpoint').where('user_id', '=', userId).execute();
}

export async function deleteOutboxFor(db: Executor, recipients: readonly string[]): Promise<void> {
  if (recipients.length > 0) await db.deleteFrom('outbox').where('recipient', 'in', recipients).execute();
}
