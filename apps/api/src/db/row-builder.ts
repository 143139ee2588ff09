/** A function making one row object from its cells, by position. */
export type RowBuilder<Row> = (cells: readonly unknown[]) => Row;

const built = new Map<string, RowBuilder<unknown>>();

/**
 * The row of `columns` from its cells, as one object literal written for the column list: as fast as a
 * hand-written literal, every row of one list with the same hidden class, and the object setting each key
 * in turn on `{}` makes (better-sqlite3's own rows): the keys in the list's order, a key named twice in its
 * first place with its last value. Made once per list, shared by every caller of that list. A list naming
 * `__proto__` is set key by key: in a literal that name would be the prototype, not a setter's call.
 */
export function rowBuilder<Row>(columns: readonly string[]): RowBuilder<Row> {
  const key = JSON.stringify(columns);
  let build = built.get(key);
  if (build === undefined) {
    build = columns.includes('__proto__')
      ? (cells) => {
          const row: Record<string, unknown> = {};
          for (let i = 0; i < columns.length; i++) row[columns[i] as string] = cells[i];
          return row;
        }
      : // The keys are written as JSON strings: any column name is one key, never code.
        (new Function('c', `return { ${columns.map((column, i) => `${JSON.stringify(column)}: c[${i}]`).join(', ')} };`) as RowBuilder<unknown>);
    built.set(key, build);
  }
  return build as RowBuilder<Row>;
}
