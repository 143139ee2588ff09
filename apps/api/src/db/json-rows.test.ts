import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { JsonRows } from './json-rows.js';

interface ThingRow {
  id: number;
  name: string;
  note: string | null;
  amount_cents: number;
}

/** Decisions 0599, 0606: rows read as one JSON text are the rows a plain select reads. */
describe('JsonRows', () => {
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  afterAll(() => db.destroy());
  const things = JsonRows.of<ThingRow>()('t', ['id', 'name', 'note', 'amount_cents']);

  const aggregate = async () =>
    (await sql<{ rows: string }>`select (select ${things.aggregate('t.amount_cents desc, t.id')} from things t) as rows`.execute(db)).rows[0]?.rows ?? '';

  it('reads every column with its value, type and key order, in the order asked', async () => {
    await sql`create table things (id integer primary key, name text not null, note text, amount_cents integer not null)`.execute(db);
    expect(things.parse(await aggregate())).toEqual([]);
    const names = ['"Virgolette" e \\ barra', 'a capo\ne\ttab', 'Perché è così? 💊', '{"json":[1,"due"]}', ''];
    for (const [i, name] of names.entries()) {
      await sql`insert into things (name, note, amount_cents) values (${name}, ${i % 2 === 0 ? null : `nota ${i}`}, ${i === 3 ? 250 : 9_007_199_254_740_991 - i})`.execute(db);
    }
    const plain = (await sql<ThingRow>`select id, name, note, amount_cents from things t order by t.amount_cents desc, t.id`.execute(db)).rows;
    const read = things.parse(await aggregate());
    expect(read).toHaveLength(names.length);
    // As text: the same keys in the same order, numbers as numbers, nulls as nulls.
    expect(JSON.stringify(read)).toBe(JSON.stringify(plain));
  });

  it('asks the compiler for a column left out, and takes column names only', () => {
    // @ts-expect-error: `amount_cents` is missing from the list.
    JsonRows.of<ThingRow>()('t', ['id', 'name', 'note']);
    expect(() => JsonRows.of<{ 'id: 1, x': number }>()('t', ['id: 1, x']), 'written into the row function').toThrow('not a column name');
  });
});
