import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, NO_MIGRATIONS } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testEngine } from '../../test/test-database.js';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';
import { dumpSchema } from './schema-dump.js';

describe('migrations at start', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'farmacia-migrate-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("run a module's new migration that sorts before ones the database already ran", async () => {
    const names = Object.keys(migrations).sort();
    const late = names.find((n) => n.startsWith('0025')) ?? (names[names.length - 2] as string);
    const handle = openDatabase('sqlite', path.join(dir, 'older.sqlite'));
    try {
      // A database of the previous release: every migration but `late`.
      const older = Object.fromEntries(Object.entries(migrations).filter(([n]) => n !== late));
      const previous = new Migrator({ db: handle.db, provider: { getMigrations: async () => older } });
      expect((await previous.migrateToLatest()).error).toBeUndefined();

      expect(await migrateToLatest(handle.db)).toEqual([late]);
      expect(await migrateToLatest(handle.db)).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});

/**
 * The migrations up to 0131 have run in production: whatever their code becomes (shared building
 * blocks, issue 16), the schema they build must stay the one recorded here, column for column,
 * on both engines. Later migrations are left out so adding one never touches the record.
 */
const LAST_RECORDED = '0131_offer_promotion_periods';

describe('the schema the migrations build', () => {
  it(`is the recorded one through ${LAST_RECORDED}, and every migration goes down and up again`, async () => {
    const testDb = await openTestDatabase();
    const db = testDb.database.db;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    try {
      expect((await migrator.migrateTo(NO_MIGRATIONS)).error).toBeUndefined();
      expect(await dumpSchema(db)).not.toMatch(/users/);

      expect((await migrator.migrateTo(LAST_RECORDED)).error).toBeUndefined();
      await expect(await dumpSchema(db)).toMatchFileSnapshot(`./__schema__/through-${LAST_RECORDED.slice(0, 4)}.${testEngine}.txt`);

      expect(await migrateToLatest(db)).toEqual(Object.keys(migrations).filter((n) => n > LAST_RECORDED));
    } finally {
      await testDb.close();
    }
  });
});
