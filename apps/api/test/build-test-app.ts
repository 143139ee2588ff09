import { createHash, randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { type Config, type DatabaseEngine, loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';
import { installOpenApiCheck } from './openapi-check.js';

/** The engine this test run targets: `TEST_DB=postgres` runs the same suite on PostgreSQL. */
export const testEngine: DatabaseEngine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/** Every test app demands this token on the payment sandbox's control routes, as production does (decision 0416). */
export const SANDBOX_CONTROL_TEST_TOKEN = 'test-sandbox-control-token';
export const sandboxControlHeaders = { authorization: `Bearer ${SANDBOX_CONTROL_TEST_TOKEN}` };

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/**
 * Migrating a fresh database costs more than the average test file's tests (a second or more on
 * PostgreSQL), so the schema is built once — per worker for SQLite, once per migration list on the
 * PostgreSQL server — and each test app starts from a copy of it.
 */
let sqliteTemplate: Promise<string> | undefined;
function sqliteTemplateFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'farmacia-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'template.sqlite');
    const handle = openDatabase('sqlite', file);
    await migrateToLatest(handle.db);
    await handle.close(); // closing checkpoints the WAL into the file, so a plain copy is whole
    return file;
  })();
  return sqliteTemplate;
}

let postgresTemplate: Promise<string> | undefined;
/** The migrated template database's name; built under an advisory lock, as workers start together. */
function postgresTemplateName(adminUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const digest = createHash('sha256').update(Object.keys(migrations).join(',')).digest('hex').slice(0, 16);
    const name = `farmacia_tpl_${digest}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`select pg_advisory_lock(hashtext('farmacia_test_template'))`);
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount === 0) {
        const building = `${name}_building`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building}`);
        const url = new URL(adminUrl);
        url.pathname = `/${building}`;
        const handle = openDatabase('postgres', url.toString());
        await migrateToLatest(handle.db);
        await handle.close();
        // Published by a rename, so nobody ever copies a half-migrated template.
        await admin.query(`alter database ${building} rename to ${name}`);
      }
    } finally {
      await admin.query(`select pg_advisory_unlock(hashtext('farmacia_test_template'))`);
      await admin.end();
    }
    return name;
  })();
  return postgresTemplate;
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
    const template = await postgresTemplateName(adminUrl);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
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
  if (testEngine === 'sqlite') copyFileSync(await sqliteTemplateFile(), databaseUrl);
  const config = loadConfig(
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: '0', SANDBOX_CONTROL_TOKEN: SANDBOX_CONTROL_TEST_TOKEN },
    { engine: testEngine, databaseUrl, webDist: undefined, ...overrides },
  );
  const database = openDatabase(config.engine, config.databaseUrl);
  const app = await buildApp(config, { database, logger: false });
  const openapi = installOpenApiCheck(app);
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      if (openapi.mismatches.length > 0) {
        throw new Error(`Responses the OpenAPI document does not describe:\n${[...new Set(openapi.mismatches)].join('\n')}`);
      }
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
