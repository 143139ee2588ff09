import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testEngine } from '../../test/test-database.js';
import type { Db } from './database.js';
import { isUniqueViolation } from './unique-violation.js';

/**
 * Statements outside a transaction run straight on SQLite's connection (db/sqlite-direct.ts); on
 * PostgreSQL every statement has its pool connection. On both engines: what a query answers, and
 * that a statement from outside never becomes part of an open transaction.
 */
describe(`statements outside a transaction (${testEngine})`, () => {
  let testDb: TestDatabase;
  let db: Db;
  const probe = () => db.selectFrom('direct_probe' as never);
  const names = async () => (await probe().select(sql<string>`name`.as('name')).orderBy(sql.ref('id')).execute()).map((r) => r.name);
  const insert = (id: number, name: string) => db.insertInto('direct_probe' as never).values({ id, name } as never);

  beforeAll(async () => {
    testDb = await openTestDatabase();
    db = testDb.database.db;
    await db.schema.createTable('direct_probe').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('name', 'text', (c) => c.unique()).execute();
  });
  afterAll(() => testDb.close());

  it('answers rows, affected rows and the inserted id as before, and a failing statement as a rejected promise', async () => {
    const inserted = await insert(1, 'uno').executeTakeFirst();
    expect(Number(inserted.numInsertedOrUpdatedRows)).toBe(1);
    if (testEngine === 'sqlite') expect(inserted.insertId).toBe(1n);
    expect((await insert(2, 'due').returning(sql<number>`id`.as('id')).execute())).toEqual([{ id: 2 }]);
    const updated = await db.updateTable('direct_probe' as never).set({ name: 'DUE' } as never).where(sql.ref('id'), '=', 2).executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(1);
    expect(await names()).toEqual(['uno', 'DUE']);
    const failing = insert(3, 'uno').execute();
    await expect(failing).rejects.toSatisfy(isUniqueViolation);
    const deleted = await db.deleteFrom('direct_probe' as never).where(sql.ref('id'), 'in', [1, 2]).executeTakeFirst();
    expect(Number(deleted.numDeletedRows)).toBe(2);
    expect(await names()).toEqual([]);
  });

  it('keeps a statement from outside out of an open transaction: its rollback undoes only its own work', async () => {
    let outside: Promise<unknown> | undefined;
    let seenOutside: Promise<string[]> | undefined;
    const rolledBack = db.transaction().execute(async (trx) => {
      await trx.insertInto('direct_probe' as never).values({ id: 10, name: 'dentro' } as never).execute();
      // Another request's statements while the transaction is open (not awaited: on SQLite they wait for it).
      outside = insert(11, 'fuori').execute();
      seenOutside = names();
      await new Promise(setImmediate);
      throw new Error('annullata');
    });
    await expect(rolledBack).rejects.toThrow('annullata');
    await outside;
    // The outside read never saw the uncommitted row; the outside write survived the rollback.
    expect(await seenOutside).not.toContain('dentro');
    expect(await names()).toEqual(['fuori']);
  });
});
