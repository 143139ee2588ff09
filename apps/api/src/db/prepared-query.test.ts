import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testEngine } from '../../test/test-database.js';
import { pipelinedReadsOf } from './database.js';
import type { PipelinedConnections } from './pipelined-connections.js';
import { preparedQuery } from './prepared-query.js';

// Runs on the engine under test (TEST_DB): the compiled text differs between SQLite and PostgreSQL.
describe('preparedQuery (decision 0553)', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await openTestDatabase();
    const db = testDb.database.db;
    await db.schema.createTable('prepared_probe').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('name', 'text').execute();
    await db.insertInto('prepared_probe' as never).values([1, 2, 3, 4].map((id) => ({ id, name: `n${id}` })) as never).execute();
  });
  afterAll(() => testDb.close());

  const probe = preparedQuery((db, v: { min: number; names: string[] }) =>
    db
      .selectFrom('prepared_probe' as never)
      .select(sql<number>`id`.as('id'))
      .where(sql.ref('id'), '>=', v.min)
      .where(sql.ref('name'), 'in', v.names)
      .orderBy(sql.ref('id')),
  );

  it('answers each call with its own values, for lists of any length', async () => {
    const db = testDb.database.db;
    expect(await probe(db, { min: 2, names: ['n1', 'n2', 'n3'] })).toEqual([{ id: 2 }, { id: 3 }]);
    expect(await probe(db, { min: 1, names: ['n1', 'n2', 'n3'] })).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(await probe(db, { min: 1, names: ['n4'] })).toEqual([{ id: 4 }]);
    expect(await probe(db, { min: 3, names: ['n1', 'n2', 'n3', 'n4'] })).toEqual([{ id: 3 }, { id: 4 }]);
    // Inside a transaction too (the same dialect's template).
    await db.transaction().execute(async (trx) => {
      expect(await probe(trx, { min: 4, names: ['n4', 'n1'] })).toEqual([{ id: 4 }]);
    });
  });

  // Decision 0612: a busy keyed read on the database's pipelined connections, never a transaction's.
  it.runIf(testEngine === 'postgres')('runs a pipelined one on the pipelined connections, and inside a transaction on its connection', async () => {
    const db = testDb.database.db;
    const backend = preparedQuery((d, v: { n: number }) => d.selectNoFrom(sql<number>`pg_backend_pid() + ${v.n} * 0`.as('pid')), { pipelined: true });
    const reads = pipelinedReadsOf(db) as PipelinedConnections;
    const [piped] = await backend(db, { n: 1 });
    expect(piped?.pid).toBe((await reads.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid);
    await db.transaction().execute(async (trx) => {
      const [inside] = await backend(trx, { n: 1 });
      expect(inside?.pid).toBe((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]?.pid);
    });
  });

  it('refuses a value that does not reach the SQL as a parameter (the first call would be kept for every call)', async () => {
    // A value that only decides the query's shape: the stand-in is always truthy.
    const shaped = preparedQuery((db, v: { onlyFirst: boolean }) => {
      const q = db.selectFrom('prepared_probe' as never).select(sql<number>`id`.as('id'));
      return v.onlyFirst ? q.where(sql.ref('id'), '=', 1) : q;
    });
    await expect(shaped(testDb.database.db, { onlyFirst: false })).rejects.toThrow(/onlyFirst did not become a parameter/);
  });
});
