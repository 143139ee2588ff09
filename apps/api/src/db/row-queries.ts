import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Executor } from './database.js';
import type { Database } from './schema.js';

type Table = keyof Database & string;

/** Columns of `T` and the values they must equal; `null` matches SQL NULL. */
export type RowFilter<T extends Table> = { [C in keyof Selectable<Database[T]> & string]?: Selectable<Database[T]>[C] | null };

/**
 * The row of `table` whose columns equal `where` (the first one, when several do): the look-up by
 * a key, or by a key and its owner, that the repositories make for most tables, written once.
 * `null` is `is null` (e.g. `deleted_at: null`, an account not erased).
 */
export function findRow<T extends Table>(db: Executor, table: T, where: RowFilter<T>): Promise<Selectable<Database[T]> | undefined> {
  // Kysely types a query by a table named in the code; here the table is a parameter, and RowFilter
  // checks the columns and their values instead.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  let query = (db as Kysely<any>).selectFrom(table).selectAll();
  for (const [column, value] of Object.entries(where)) query = query.where(column, value === null ? 'is' : '=', value);
  return query.limit(1).executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
}

/** The tables whose rows have an `id` and move through a `status`. */
type StatusTable = { [T in Table]: Database[T] extends { id: unknown; status: unknown } ? T : never }[Table];

/**
 * Changes row `id` of `table` only while its status is one of `from`, and answers it as it is now
 * (undefined when it had moved on): of two racing writers (two provider notifications, a
 * pharmacist and a payment), the first decides and the second changes nothing.
 */
export function updateRowFrom<T extends StatusTable>(
  db: Executor,
  table: T,
  id: number,
  from: readonly string[],
  changes: Updateable<Database[T]>,
): Promise<Selectable<Database[T]> | undefined> {
  // biome-ignore lint/suspicious/noExplicitAny: the table is a parameter (see findRow)
  return (db as Kysely<any>)
    .updateTable(table as string)
    .set(changes as Record<string, unknown>)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .returningAll()
    .executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
}
