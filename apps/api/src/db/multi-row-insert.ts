import { CompiledQuery } from 'kysely';
import { engineOf } from './column.js';
import type { Executor } from './database.js';

/**
 * Inserts `rows` into `table` as one multi-row `insert … values (…),(…)` statement, compiled by
 * hand: the query builder spends longer on a long VALUES list than the database spends inserting
 * it. `cell` reads a row's value of a column. The caller bounds the rows so the statement's
 * parameters (rows × columns) stay under SQLite's 32,766.
 */
export async function insertRows<Row, Column extends string>(
  db: Executor,
  table: string,
  columns: readonly Column[],
  rows: readonly Row[],
  cell: (row: Row, column: Column) => unknown,
): Promise<void> {
  if (rows.length === 0) return;
  const postgres = engineOf(db) === 'postgres';
  const params: unknown[] = [];
  const tuples = rows.map((row) => {
    const marks = columns.map((column) => {
      params.push(cell(row, column));
      return postgres ? `$${params.length}` : '?';
    });
    return `(${marks.join(',')})`;
  });
  await db.executeQuery(CompiledQuery.raw(`insert into ${table} (${columns.join(',')}) values ${tuples.join(',')}`, params));
}
