import { createHash, randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Config, type DatabaseEngine, loadConfig } from '../src/config.js';
import { type DatabaseHandle, openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';

/**
 * The one way tests get a database: a fresh, migrated one of the engine under test with its test
 * configuration. No web framework here — the API suites build an app on it (build-test-app.ts),
 * the domain suites a plain service context (service-context.ts).
 */

/** The engine this test run targets: `TEST_DB=postgres` runs the same suite on PostgreSQL. */
export const testEngine: DatabaseEngine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/** Every test app demands this token on the payment sandbox's control routes, as production does (decision 0416). */
export const SANDBOX_CONTROL_TEST_TOKEN = 'test-sandbox-control-token';

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
 * Every database of one `vitest run` is named after it (test/postgres-run.ts drops the leftovers at
 * its end); outside vitest (benches) the process's own id.
 */
const runTag = process.env.FARMACIA_PG_TEST_RUN ?? `p${process.pid}`;

/** A new database copied from the template; answers its name. */
async function copyTemplate(adminUrl: string): Promise<string> {
  const name = `farmacia_t_${runTag}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const template = await postgresTemplateName(adminUrl);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  return name;
}

/**
 * Copying the template takes PostgreSQL one to two seconds, in which a test file would only wait: each
 * worker copies the next file's database while the current file's tests run, and hands it out fresh
 * (never used before). The one left unused at the end is dropped with the run's other leftovers.
 */
let spare: Promise<string> | undefined;
function freshPostgresDatabase(adminUrl: string): Promise<string> {
  const next = spare ?? copyTemplate(adminUrl);
  spare = copyTemplate(adminUrl);
  // A failed copy fails the file that takes it, not the process in between.
  spare.catch(() => {});
  return next;
}

export interface TestDatabase {
  config: Config;
  database: DatabaseHandle;
  /** Closes the handle, drops the database and removes the data folder. */
  close(): Promise<void>;
}

/**
 * A fresh, migrated database of the engine under test (a temporary SQLite file, or a new
 * PostgreSQL database on TEST_DATABASE_URL's server) and the test configuration pointing at it.
 */
export async function openTestDatabase(overrides: Partial<Config> = {}): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'farmacia-test-'));
  let databaseUrl = path.join(dataDir, 'test.sqlite');
  let dropDatabase = async () => {};
  if (testEngine === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (scripts/postgres.mjs starts one)');
    const name = await freshPostgresDatabase(adminUrl);
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
  return {
    config,
    database,
    async close() {
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
