import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.js';

/**
 * Decision 0640: the kept statements' rows are read as cells and made into objects by one literal per
 * column list; they must be the rows better-sqlite3 makes itself — keys, key order, values and types,
 * prototype — whatever the column names, and follow a schema change.
 */
describe('statement cache rows', () => {
  const sqlite = new SQLite(':memory:');
  const statements = withStatementCache(sqlite);
  afterAll(() => sqlite.close());
  // Rows of more than 16 columns are made by the literal (fewer are the driver's own): 15 more columns to any select list.
  const PAD = Array.from({ length: 15 }, (_, i) => `${i} as p${i}`).join(', ');
  const cached = (query: string, parameters: unknown[] = []) => statements.prepare(query).all(parameters);
  const driver = (query: string, parameters: unknown[] = []) => sqlite.prepare(query).all(parameters);
  const same = (query: string, parameters: unknown[] = []) => {
    // The first run reads the column names (with the driver's rows); the next ones build the rows.
    expect(cached(query, parameters)).toEqual(driver(query, parameters));
    const rows = cached(query, parameters) as object[];
    const expected = driver(query, parameters) as object[];
    expect(rows).toEqual(expected);
    // toEqual ignores key order and prototypes: both are part of a row (JSON answers are written in key order).
    expect(rows.map((r) => [Object.keys(r), Object.getPrototypeOf(r)])).toEqual(expected.map((r) => [Object.keys(r), Object.getPrototypeOf(r)]));
    return rows;
  };

  it('are the rows the driver makes, for any column names and values', () => {
    sqlite.exec(`create table t (id integer primary key, name text, amount real, data blob, "a b" text, "2" integer, "1" text)`);
    const insert = statements.prepare('insert into t (name, amount, data, "a b", "2", "1") values (?, ?, ?, ?, ?, ?)');
    insert.run(['Perché è così? 💊', 1.5, Buffer.from([0, 1, 2]), 'spazio', 9_007_199_254_740_991, 'uno']);
    insert.run([null, null, null, null, null, null]);
    expect(same(`select *, ${PAD} from t order by id`)).toHaveLength(2);
    // A name given twice keeps its first place and its last value.
    same(`select id as x, name as y, amount as x, ${PAD} from t order by id`);
    // 23 columns: past V8's fast-property limit for objects built key by key.
    same(`select ${Array.from({ length: 23 }, (_, i) => `id + ${i} as c${i}`).join(', ')} from t where id = ?`, [1]);
    same(`select 1 as constructor, 2 as toString, 'x' as hasOwnProperty, ${PAD}`);
    expect(same(`select id, ${PAD} from t where id = ?`, [3])).toEqual([]);
    // Fewer columns: the driver's rows.
    same('select * from t order by id');
  });

  it('set a `__proto__` column as the driver does (its setter, not an own key), twice too', () => {
    const [row] = same(`select 'x' as __proto__, 1 as id, null as __proto__, ${PAD}`) as Record<string, unknown>[];
    expect(row?.id).toBe(1);
  });

  it('follow a schema change made through the cache', () => {
    sqlite.exec('create table s (a integer, b text)');
    statements.prepare("insert into s values (1, 'b')").run([]);
    const all = `select *, ${PAD} from s`;
    const [first] = [cached(all), cached(all)][1] as Record<string, unknown>[];
    expect(first).toMatchObject({ a: 1, b: 'b' });
    statements.prepare('alter table s rename column b to c').run([]);
    expect(Object.keys(cached(all)[0] as object).slice(0, 2)).toEqual(['a', 'c']);
    expect(Object.keys(cached(all)[0] as object).slice(0, 2)).toEqual(['a', 'c']);
    statements.prepare('alter table s add column d text').run([]);
    same(all);
  });
});
