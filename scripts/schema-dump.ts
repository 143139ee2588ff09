// Prints the schema a fresh, fully migrated database holds, with each engine's own tool:
// `sqlite3 .schema` or `pg_dump --schema-only`. Run it before and after touching a migration's
// code and diff the two outputs: a refactor of migrations must not change a byte.
// Usage: npx tsx scripts/schema-dump.ts sqlite|postgres [ADMIN_URL]  (postgres: the server's admin URL)
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/database';
import { migrateToLatest } from '../apps/api/src/db/migrate';

async function migrated(engine: 'sqlite' | 'postgres', url: string): Promise<void> {
  const handle = openDatabase(engine, url);
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
}

async function dumpSqlite(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'farmacia-schema-'));
  try {
    const file = path.join(dir, 'schema.sqlite');
    await migrated('sqlite', file);
    return execFileSync('sqlite3', [file, '.schema'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function dumpPostgres(adminUrl: string): Promise<string> {
  const name = `farmacia_schema_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await migrated('postgres', url.toString());
    // The random database name and pg_dump's version banner differ between runs: both left out.
    return execFileSync('pg_dump', ['--schema-only', '--no-owner', url.toString()], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => !line.startsWith('-- Dumped') && !line.startsWith('\\restrict') && !line.startsWith('\\unrestrict'))
      .join('\n');
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const [engine, adminUrl = 'postgres://postgres@127.0.0.1:54329/postgres'] = process.argv.slice(2);
if (engine !== 'sqlite' && engine !== 'postgres') {
  console.error('usage: tsx scripts/schema-dump.ts sqlite|postgres [ADMIN_URL]');
  process.exit(2);
}
process.stdout.write(engine === 'sqlite' ? await dumpSqlite() : await dumpPostgres(adminUrl));
