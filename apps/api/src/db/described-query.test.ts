import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, testEngine } from '../../test/test-database.js';
import { isNamedQuery, queryNamed } from './described-query.js';
import { PipelinedConnections } from './pipelined-connections.js';
import { preparedQuery } from './prepared-query.js';

/** Counts the Describe messages `client` writes from now on. */
function countDescribes(client: pg.Client): { describes: number } {
  const counter = { describes: 0 };
  const connection = (client as unknown as { connection: { describe: (...args: unknown[]) => unknown } }).connection;
  const describe = connection.describe.bind(connection);
  connection.describe = (...args: unknown[]) => {
    counter.describes++;
    return describe(...args);
  };
  return counter;
}

/** A row's keys in order and its values with their types: what the app's JSON and records see of it. */
const shape = (row: unknown) => (Array.isArray(row) ? row.map((v) => [typeof v, v]) : Object.entries(row as object).map(([k, v]) => [k, typeof v, v]));

// Columns of several types and parsers, a null, a name given twice (its first place, its last value).
const TEXT = `select n, n::text as label, n * 2 as twice, case when n % 2 = 0 then null else 'dispari' end as odd,
  n::bigint * 1000 as big, (n / 4.0)::numeric as ratio, n > 1 as more, 'a' as twice
  from generate_series(1, $1::int) as n`;

describe.runIf(testEngine === 'postgres')('named statements described once per connection', () => {
  const clients: pg.Client[] = [];
  const open = async (pipeline = false) => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, pipeline } as pg.ClientConfig);
    await client.connect();
    clients.push(client);
    return client;
  };
  let plain: pg.Client;
  beforeAll(async () => {
    plain = await open();
  });
  afterAll(() => Promise.all(clients.map((c) => c.end())));

  it('asks PostgreSQL for the result description on the first run only, and answers the rows node-postgres makes', async () => {
    const client = await open();
    const counter = countDescribes(client);
    for (const count of [3, 5, 0, 4]) {
      const mine = await queryNamed(client, { name: 'described_probe', text: TEXT, values: [count] });
      const theirs = await plain.query({ name: 'described_probe', text: TEXT, values: [count] });
      expect(mine.rows.map(shape)).toEqual(theirs.rows.map(shape));
      expect(mine.rows.map((r) => Object.getPrototypeOf(r))).toEqual(theirs.rows.map((r) => Object.getPrototypeOf(r)));
      expect(mine.rowCount).toBe(count);
      expect(mine.command).toBe('SELECT');
      expect(mine.fields.map((f) => [f.name, f.dataTypeID])).toEqual(theirs.fields.map((f) => [f.name, f.dataTypeID]));
    }
    expect(counter.describes).toBe(1);
  });

  it('does the same in array mode and on a pipelined connection, many runs of a statement in one write', async () => {
    const client = await open(true);
    const counter = countDescribes(client);
    const config = (count: number) => ({ name: 'described_rows', text: TEXT, values: [count], rowMode: 'array' as const });
    await queryNamed(client, config(1));
    const mine = await Promise.all([2, 6, 1, 3].map((count) => queryNamed(client, config(count))));
    const theirs: pg.QueryArrayResult[] = [];
    for (const count of [2, 6, 1, 3]) theirs.push(await plain.query(config(count)));
    expect(mine.map((r) => r.rows.map(shape))).toEqual(theirs.map((r) => r.rows.map(shape)));
    expect(counter.describes).toBe(1);
  });

  it("fails a run with PostgreSQL's error and keeps the connection answering", async () => {
    const client = await open();
    const config = { name: 'described_cast', text: 'select $1::int as n', values: ['1'] };
    expect((await queryNamed(client, config)).rows).toEqual([{ n: 1 }]);
    await expect(queryNamed(client, { ...config, values: ['uno'] })).rejects.toMatchObject({ code: '22P02' });
    expect((await queryNamed(client, { ...config, values: ['2'] })).rows).toEqual([{ n: 2 }]);
  });

  it("is how the app's pool, its pipelined reads and the search's pipelined connections run their named statements", async () => {
    const describe = vi.spyOn((pg as unknown as { Connection: { prototype: { describe(): void } } }).Connection.prototype, 'describe');
    const testDb = await openTestDatabase();
    const search = new PipelinedConnections({ connectionString: process.env.TEST_DATABASE_URL }, 1);
    try {
      const onPool = preparedQuery((db, v: { n: number }) => db.selectNoFrom(sql<number>`${v.n}::int + 1`.as('next')));
      const pipelined = preparedQuery((db, v: { n: number }) => db.selectNoFrom(sql<number>`${v.n}::int + 2`.as('next')), { pipelined: true });
      const page = { name: 'described_search_probe', text: 'select $1::int * 3 as n', rowMode: 'array' as const };
      await testDb.database.db.connection().execute(async (db) => {
        // Each statement's first run on its connection is described.
        await onPool(db, { n: 0 });
        await pipelined(testDb.database.db, { n: 0 });
        await search.query({ ...page, values: [0] });
        describe.mockClear();
        for (let n = 1; n <= 3; n++) {
          expect(await onPool(db, { n })).toEqual([{ next: n + 1 }]);
          expect(await pipelined(testDb.database.db, { n })).toEqual([{ next: n + 2 }]);
          expect((await search.query({ ...page, values: [n] })).rows).toEqual([[n * 3]]);
        }
      });
      expect(describe).not.toHaveBeenCalled();
    } finally {
      describe.mockRestore();
      await search.end();
      await testDb.close();
    }
  });
});

describe('isNamedQuery', () => {
  it('takes a named statement with values and array rows, and leaves any other option to node-postgres', () => {
    expect(isNamedQuery({ name: 'q', text: 'select 1', values: [] })).toBe(true);
    expect(isNamedQuery({ name: 'q', text: 'select 1', rowMode: 'array' })).toBe(true);
    expect(isNamedQuery({ name: 'q', text: 'select 1', binary: true } as pg.QueryConfig)).toBe(false);
    expect(isNamedQuery({ name: 'q', text: 'select 1', types: { getTypeParser: () => String } })).toBe(false);
    expect(isNamedQuery({ text: 'select 1' })).toBe(false);
  });
});
