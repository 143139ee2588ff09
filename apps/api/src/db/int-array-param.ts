/**
 * An array of integers as a PostgreSQL array parameter's text, `{1,2,3}` — the value node-postgres
 * sends for the array itself, `{"1","2","3"}`, read by PostgreSQL as the same `int[]`. node-postgres
 * quotes each element through `toString`, two regular-expression replaces and concatenations
 * (`arrayString`: ~1.5 KB a request of the offers mix, whose search, category and promotions pages
 * each send their ranks); the integers need neither quotes nor escapes.
 */
export const intArrayParam = (values: readonly number[]): string => `{${values.join(',')}}`;
