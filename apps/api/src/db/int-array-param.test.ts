import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/test-database.js';
import { intArrayParam } from './int-array-param.js';

const ARRAYS = [[], [7], [1, 2, 3], [-5, 0, 2147483647, -2147483648], [3, 3, 1]];

describe.runIf(testEngine === 'postgres')('an integer array parameter as text', () => {
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
  });
  afterAll(() => client.end());

  it('is read by PostgreSQL as the int[] node-postgres sends for the array itself', async () => {
    for (const values of ARRAYS) {
      const { rows } = await client.query<{ text: number[]; own: number[]; same: boolean }>(
        'select $1::int[] as text, $2::int[] as own, $1::int[] is not distinct from $2::int[] as same',
        [intArrayParam(values), values],
      );
      expect(rows[0]).toEqual({ text: values, own: values, same: true });
    }
  });

  it('matches the rows node-postgres’ own array matches in `= any`', async () => {
    const ranks = [3, 1, 4];
    const query = 'select n from generate_series(0, 5) as n where n = any($1::int[]) order by n';
    const mine = await client.query(query, [intArrayParam(ranks)]);
    const own = await client.query(query, [ranks]);
    expect(mine.rows).toEqual(own.rows);
    expect(mine.rows.map((r) => r.n)).toEqual([1, 3, 4]);
  });
});
