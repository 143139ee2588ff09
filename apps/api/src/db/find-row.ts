import type { Kysely, Selectable } from 'kysely';
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
