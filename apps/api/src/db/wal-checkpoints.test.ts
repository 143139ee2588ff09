import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { BACKSTOP_PAGES, checkpointOffThread, type WalCheckpoints } from './wal-checkpoints.js';

/**
 * SQLite's WAL checkpoints run in a worker thread, not in a commit on the serving connection
 * (decision 0687). SQLite only: a PostgreSQL run of the suite runs these on SQLite files too.
 */
describe('WAL checkpoints off the event loop', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'farmacia-wal-'));
    file = path.join(dir, 'db.sqlite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A connection set up as `openDatabase` sets SQLite's up, with a table of ~1 KB rows. */
  const serving = () => {
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.exec('create table line (id integer primary key, body text not null)');
    return sqlite;
  };
  /** Runs `test` on a serving connection whose checkpoints the worker makes, closing both after it, worker first. */
  const withServing = async (test: (sqlite: SQLite.Database, checkpoints: WalCheckpoints) => Promise<void>) => {
    const sqlite = serving();
    const checkpoints = checkpointOffThread(sqlite);
    try {
      await test(sqlite, checkpoints);
    } finally {
      await checkpoints.close();
      sqlite.close();
    }
  };
  /** Commits `count` rows one by one, each its own transaction, as the cart set's lone writes are. */
  const write = (sqlite: SQLite.Database, from: number, count: number) => {
    const insert = sqlite.prepare('insert into line (id, body) values (?, ?)');
    for (let id = from; id < from + count; id++) insert.run(id, 'x'.repeat(1000));
  };
  /** The WAL's frames, from its size: it only grows until a checkpoint has copied it all and a commit starts it again. */
  const walFrames = () => (statSync(`${file}-wal`).size - 32) / (4096 + 24);
  /** The rows the database file holds without its WAL: what checkpoints copied into it. */
  const rowsInTheFile = () => {
    const copy = path.join(dir, `copy-${Date.now()}.sqlite`);
    copyFileSync(file, copy);
    const reader = new SQLite(copy, { readonly: true });
    try {
      const table = reader.prepare(`select count(*) from sqlite_master where name = 'line'`).pluck().get();
      return table ? (reader.prepare('select count(*) from line').pluck().get() as number) : 0;
    } finally {
      reader.close();
    }
  };

  it('commits past 1,000 pages of WAL without checkpointing; the worker copies them all and the WAL starts again', () =>
    withServing(async (sqlite, checkpoints) => {
      // 3,000 commits of a row each: about 3,000 frames, three times SQLite's default automatic checkpoint.
      write(sqlite, 1, 3000);
      expect(walFrames()).toBeGreaterThan(2000);
      expect(walFrames()).toBeLessThan(BACKSTOP_PAGES);
      expect(rowsInTheFile()).toBe(0);

      const [busy, log, checkpointed] = (await checkpoints.checkpoint()) ?? [];
      expect(busy).toBe(0);
      expect(log).toBeGreaterThan(2000);
      expect(checkpointed).toBe(log);
      expect(rowsInTheFile()).toBe(3000);

      // Everything copied, the next commit writes the WAL from its beginning: it stays bounded.
      write(sqlite, 3001, 1);
      const [, logAfter] = (await checkpoints.checkpoint()) ?? [];
      expect(logAfter).toBeLessThan(10);
      expect(rowsInTheFile()).toBe(3001);
    }));

  it('copies what a long-running reader still holds once it has ended, with no write in between', () =>
    withServing(async (sqlite, checkpoints) => {
      write(sqlite, 1, 10);
      // Another connection reads inside a transaction: the frames written after its snapshot stay in the WAL.
      const reader = new SQLite(file);
      reader.exec('begin');
      reader.prepare('select count(*) from line').get();
      write(sqlite, 11, 10);
      const [, log, checkpointed] = (await checkpoints.checkpoint()) ?? [];
      expect(checkpointed).toBeLessThan(log as number);
      expect(rowsInTheFile()).toBeLessThan(20);

      reader.exec('commit');
      reader.close();
      const [, logAfter, checkpointedAfter] = (await checkpoints.checkpoint()) ?? [];
      expect(checkpointedAfter).toBe(logAfter);
      expect(rowsInTheFile()).toBe(20);
    }));

  it('checkpoints by itself after a write, within a few seconds', () =>
    withServing(async (sqlite) => {
      write(sqlite, 1, 10);
      for (let i = 0; i < 100 && rowsInTheFile() < 10; i++) await new Promise((r) => setTimeout(r, 100));
      expect(rowsInTheFile()).toBe(10);
    }));

  it('keeps nothing open after a close: the serving connection closes last, so the file is whole and has every write', async () => {
    const handle = openDatabase('sqlite', file);
    await sql`create table line (id integer primary key, body text not null)`.execute(handle.db);
    for (let id = 1; id <= 50; id++) await sql`insert into line (id, body) values (${id}, 'riga')`.execute(handle.db);
    // Wait for the worker's first checkpoint (its connection is then open) and write once more after it.
    for (let i = 0; i < 100 && rowsInTheFile() < 50; i++) await new Promise((r) => setTimeout(r, 100));
    await sql`insert into line (id, body) values (51, 'riga')`.execute(handle.db);
    await handle.close();

    expect(existsSync(`${file}-wal`)).toBe(false);
    expect(rowsInTheFile()).toBe(51);
    const reopened = openDatabase('sqlite', file);
    const { rows } = await sql<{ n: number }>`select count(*) as n from line`.execute(reopened.db);
    expect(rows[0]?.n).toBe(51);
    await reopened.close();
  });

  it('gives the checkpoints back to the connection when the worker fails', () =>
    withServing(async (sqlite, checkpoints) => {
      expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(BACKSTOP_PAGES);
      write(sqlite, 1, 10);
      // The worker cannot open a file that is no longer there (the serving connection keeps its own open).
      rmSync(file);
      expect(await checkpoints.checkpoint()).toBeUndefined();
      expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    }));

  it('leaves an in-memory database alone', async () => {
    const sqlite = new SQLite(':memory:');
    const checkpoints = checkpointOffThread(sqlite);
    sqlite.exec('create table line (id integer primary key, body text not null)');
    write(sqlite, 1, 10);
    expect(await checkpoints.checkpoint()).toBeUndefined();
    await checkpoints.close();
    sqlite.close();
  });
});
