import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';

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
