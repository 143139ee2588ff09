import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/build-test-app.js';
import { openTestDatabase } from '../../test/test-database.js';
import type { Db } from './database.js';
import { JsonRows } from './json-rows.js';

interface ThingRow {
  id: number;
  name: string;
  note: string | null;
  amount_cents: number;
}

/** Decisions 0599, 0606, 0677: rows read as one JSON text are the rows a plain select reads, on either engine. */
describe(`JsonRows (${testEngine})`, () => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const opened = await openTestDatabase();
    db = opened.database.db;
    close = () => opened.close();
  });
  afterAll(() => close());
  const things = JsonRows.of<ThingRow>()('t', ['id', 'name', 'note', 'amount_cents']);

  const aggregate = async () =>
    (await sql<{ rows: string }>`select (select ${things.aggregate('t.amount_cents desc, t.id', testEngine)} from things t) as rows`.execute(db)).rows[0]
      ?.rows ?? '';

  it('reads every column with its value, type and key order, in the order asked; no row is an empty list', async () => {
    await sql`create table things (id integer primary key, name text not null, note text, amount_cents integer not null)`.execute(db);
    expect(things.parse(await aggregate())).toEqual([]);
    const names = ['"Virgolette" e \\ barra', 'a capo\ne\ttab', 'Perché è così? 💊', '{"json":[1,"due"]}', '', 'zeta', 'alfa'];
    // SQLite's integers are 64-bit (the largest a JS number keeps exactly), PostgreSQL's `integer` 32-bit; two rows tie on the amount.
    const largest = testEngine === 'sqlite' ? 9_007_199_254_740_991 : 2_147_483_647;
    for (const [i, name] of names.entries()) {
      const amount = i === 3 ? 250 : i >= 5 ? 100 : largest - i;
      await sql`insert into things (id, name, note, amount_cents) values (${10 - i}, ${name}, ${i % 2 === 0 ? null : `nota ${i}`}, ${amount})`.execute(db);
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
