import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../test/factories/cart.js';
import { openTestDatabase, type TestDatabase, testEngine } from '../../test/test-database.js';
import { catalogueOffersByCode } from '../modules/catalogue/index.js';
import type { Executor } from './database.js';
import { migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';
import { preparedQuery } from './prepared-query.js';

/** The statements the connection `db` runs on keeps prepared, with how often each ran. */
async function kept(db: Executor): Promise<{ name: string; statement: string; runs: number }[]> {
  const { rows } = await sql<{ name: string; statement: string; runs: number }>`
    select name, statement, generic_plans + custom_plans as runs from pg_prepared_statements order by name`.execute(db);
  return rows;
}

// PostgreSQL only: SQLite keeps its statements in its own cache (decision 0344).
describe.runIf(testEngine === 'postgres')('named statements on PostgreSQL (decision 0587)', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await openTestDatabase();
    await sql`create table named_probe (id integer primary key, label text)`.execute(testDb.database.db);
    await sql`insert into named_probe values (1, 'uno'), (2, 'due'), (3, 'tre'), (4, 'quattro')`.execute(testDb.database.db);
  });
  afterAll(() => testDb.close());

  const labels = preparedQuery((db, v: { ids: number[] }) =>
    db
      .selectFrom('named_probe' as never)
      .select(sql<string>`label`.as('label'))
      .where(sql.ref('id'), 'in', v.ids)
      .orderBy(sql.ref('id')),
  );
  const count = preparedQuery((db, v: { min: number }) =>
    db
      .selectFrom('named_probe' as never)
      .select(sql<number>`count(*)`.as('n'))
      .where(sql.ref('id'), '>=', v.min),
  );
  // The same text but one character: the same length, another statement.
  const countBelow = preparedQuery((db, v: { max: number }) =>
    db
      .selectFrom('named_probe' as never)
      .select(sql<number>`count(*)`.as('n'))
      .where(sql.ref('id'), '<=', v.max),
  );

  it('prepares a statement once per connection and answers each call with its own values', async () => {
    await testDb.database.db.connection().execute(async (db) => {
      expect(await labels(db, { ids: [2] })).toEqual([{ label: 'due' }]);
      expect(await labels(db, { ids: [4] })).toEqual([{ label: 'quattro' }]);
      expect(await labels(db, { ids: [1] })).toEqual([{ label: 'uno' }]);
      const statements = (await kept(db)).filter((s) => s.statement.includes('named_probe'));
      expect(statements).toHaveLength(1);
      expect(statements[0]?.runs).toBe(3);
    });
  });

  it('never gives two different texts the same name', async () => {
    await testDb.database.db.connection().execute(async (db) => {
      // Lists of other lengths are other texts, as is another query.
      expect(await labels(db, { ids: [1, 3] })).toEqual([{ label: 'uno' }, { label: 'tre' }]);
      expect(await labels(db, { ids: [4, 2, 9] })).toEqual([{ label: 'due' }, { label: 'quattro' }]);
      expect(await labels(db, { ids: [3] })).toEqual([{ label: 'tre' }]);
      expect(await count(db, { min: 2 })).toEqual([{ n: 3 }]);
      expect(await countBelow(db, { max: 2 })).toEqual([{ n: 2 }]);
      const statements = (await kept(db)).filter((s) => s.statement.includes('named_probe'));
      expect(new Set(statements.map((s) => s.statement)).size).toBe(5);
      expect(new Set(statements.map((s) => s.name)).size).toBe(5);
    });
  });

  it('prepares a statement anew when a schema change altered what it returns', async () => {
    await testDb.database.db.connection().execute(async (db) => {
      expect(await labels(db, { ids: [2] })).toEqual([{ label: 'due' }]);
      // The column now holds numbers: PostgreSQL refuses the kept statement's plan.
      await sql`alter table named_probe alter column label type integer using id * 10`.execute(db);
      expect(await labels(db, { ids: [2] })).toEqual([{ label: 20 }]);
      // Inside a transaction the statement prepared anew serves as well.
      await sql`alter table named_probe alter column label type text`.execute(db);
      await db.transaction().execute(async (trx) => {
        await expect(labels(trx, { ids: [3] })).rejects.toThrow(/cached plan must not change result type/);
      });
      expect(await labels(db, { ids: [3] })).toEqual([{ label: '30' }]);
      await db.transaction().execute(async (trx) => {
        expect(await labels(trx, { ids: [4] })).toEqual([{ label: '40' }]);
      });
    });
  });

  // Every column of the search state, whose columns migrations 0130 and 0135 add: kept prepared, its plan goes stale.
  const searchState = preparedQuery((db, v: { id: number }) =>
    db.selectFrom('catalogue_search_state' as never).selectAll().where(sql.ref('id'), '=', v.id),
  );

  it('keeps answering after migrations went down and up under the live pool', async () => {
    const db = testDb.database.db;
    const product = await createProduct({ db });
    const shopId = (await db.selectFrom('shops').select('id').executeTakeFirstOrThrow()).id;
    // Every connection of the pool prepares the cart's read of products with the shop's offers.
    const read = () => Promise.all(Array.from({ length: 20 }, () => catalogueOffersByCode(db, shopId, [product.code])));
    for (const { onSale } of await read()) expect(onSale.get(product.code)).toMatchObject({ codice_ministeriale: product.code });
    const states = () => Promise.all(Array.from({ length: 20 }, () => searchState(db, { id: 1 })));
    for (const [state] of await states()) expect(state).toHaveProperty('pages_version');

    // The offers' tables dropped and made again (migrations 0130 on).
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0127_loyalty_card_blocking')).error).toBeUndefined();
    // Between the two, the state has fewer columns: each connection prepares its read anew.
    for (const [state] of await states()) expect(state).not.toHaveProperty('pages_version');
    expect(await migrateToLatest(db)).toContain('0130_product_offers');
    for (const [state] of await states()) expect(state).toHaveProperty('pages_version');

    // Migration 0130 made the shop's offer again from the master.
    for (const { onSale } of await read()) expect(onSale.get(product.code)).toMatchObject({ codice_ministeriale: product.code });
  });
});
