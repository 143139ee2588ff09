import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, type TestDatabase, testEngine } from '../../test/test-database.js';
import { type Db, groupedWritesOf } from './database.js';
import { preparedQuery } from './prepared-query.js';
import { isUniqueViolation } from './unique-violation.js';

/**
 * `preparedQuery`'s `grouped` writes (decision 0617): on SQLite the writes of one turn of the event
 * loop commit in one transaction at its end; on PostgreSQL they run as before. On both engines each
 * write answers as a lone one would, and a failing one fails only itself.
 */
describe(`grouped writes (${testEngine})`, () => {
  let testDb: TestDatabase;
  let db: Db;
  const put = preparedQuery(
    (d, v: { id: number; name: string }) =>
      d
        .insertInto('grouped_probe' as never)
        .values({ id: v.id, name: v.name } as never)
        .onConflict((oc) => oc.column('id' as never).doUpdateSet({ name: v.name } as never)),
    { grouped: true },
  );
  const names = async () =>
    (await db.selectFrom('grouped_probe' as never).select(sql<string>`name`.as('name')).orderBy(sql.ref('id')).execute()).map((r) => r.name);

  beforeAll(async () => {
    testDb = await openTestDatabase();
    db = testDb.database.db;
    await db.schema.createTable('grouped_probe').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('name', 'text', (c) => c.unique()).execute();
  });
  afterAll(() => testDb.close());

  it('commits every write of a turn, fails only the one that breaks a constraint, and answers each as a lone write', async () => {
    const writes = Array.from({ length: 10 }, (_, i) => put(db, { id: i + 1, name: i === 6 ? 'n1' : `n${i + 1}` }));
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(isUniqueViolation((outcomes[6] as PromiseRejectedResult).reason)).toBe(true);
    expect(outcomes[0]).toEqual({ status: 'fulfilled', value: [] });
    expect(await names()).toEqual(['n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n8', 'n9', 'n10']);
    // Then a later turn's write of the same row, as a lone one.
    await put(db, { id: 7, name: 'sette' });
    expect(await names()).toContain('sette');
  });

  it.runIf(testEngine === 'sqlite')('runs the writes of one turn in one transaction, at the end of the turn', async () => {
    const grouped = groupedWritesOf(db);
    expect(grouped).toBeDefined();
    const statements = (grouped as unknown as { statements: { prepare(sql: string): unknown } }).statements;
    const prepare = vi.spyOn(statements, 'prepare');
    try {
      const writes = Array.from({ length: 5 }, (_, i) => put(db, { id: 100 + i, name: `g${i}` }));
      // Still queued: the turn has not ended.
      expect(await db.selectFrom('grouped_probe' as never).select(sql<number>`count(*)`.as('n')).where(sql.ref('id'), '>=', 100).execute()).toEqual([{ n: 0 }]);
      await Promise.all(writes);
      const texts = prepare.mock.calls.map(([text]) => text);
      expect(texts.filter((t) => t === 'begin immediate')).toHaveLength(1);
      expect(texts.filter((t) => t === 'commit')).toHaveLength(1);
    } finally {
      prepare.mockRestore();
    }
    expect(await db.selectFrom('grouped_probe' as never).select(sql<number>`count(*)`.as('n')).where(sql.ref('id'), '>=', 100).execute()).toEqual([{ n: 5 }]);
  });

  it('never runs a write inside a transaction another request holds open: it waits, and stays when that one rolls back', async () => {
    let written: Promise<unknown> | undefined;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('grouped_probe' as never).values({ id: 200, name: 'rolled back' } as never).execute();
        written = put(db, { id: 201, name: 'kept' });
        // The turn ends while the transaction is open.
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await written;
    const rows = await db.selectFrom('grouped_probe' as never).select(sql<string>`name`.as('name')).where(sql.ref('id'), 'in', [200, 201]).execute();
    expect(rows).toEqual([{ name: 'kept' }]);
  });
});
