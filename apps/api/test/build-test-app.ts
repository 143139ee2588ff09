import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { type Config, type DatabaseEngine, loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';

/** The engine this test run targets: `TEST_DB=postgres` runs the same suite on PostgreSQL. */
export const testEngine: DatabaseEngine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/**
 * A fully built app on a fresh, migrated database of the engine under test (a temporary SQLite
 * file, or a new PostgreSQL database on TEST_DATABASE_URL's server), dropped again by close().
 */
export async function buildTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'farmacia-test-'));
  let databaseUrl = path.join(dataDir, 'test.sqlite');
  let dropDatabase = async () => {};
  if (testEngine === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (scripts/postgres.mjs starts one)');
    const name = `farmacia_t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const config = loadConfig(
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: '0' },
    { engine: testEngine, databaseUrl, webDist: undefined, ...overrides },
  );
  const database = openDatabase(config.engine, config.databaseUrl);
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
