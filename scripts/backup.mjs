// Backups and restore of Farmacia's data (docs/ops.md "Backups and restore").
//   node scripts/backup.mjs backup  <folder>   # while the server runs
//   node scripts/backup.mjs restore <folder>   # server stopped; SQLite file replaced / PostgreSQL database refilled
// Reads the same environment as the server: DATA_DIR (default ./data) and DATABASE_URL.
// - SQLite: SQLite's online backup API (consistent while the server writes, WAL included).
// - PostgreSQL: pg_dump in custom format; restore with pg_restore --clean into DATABASE_URL.
// - Always: DATA_DIR/secrets (without the file key the uploads cannot be decrypted) and
//   DATA_DIR/files (the encrypted uploads, when stored on local disk).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { postgresBinDir } from './system-packages.mjs';

const [command, folderArg] = process.argv.slice(2);
if (!['backup', 'restore'].includes(command ?? '') || !folderArg) {
  console.error('usage: node scripts/backup.mjs backup|restore <folder>');
  process.exit(2);
}
const folder = path.resolve(folderArg);
const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
const databaseUrl = process.env.DATABASE_URL;
const isPostgres = databaseUrl?.startsWith('postgres') ?? false;
const sqliteFile = isPostgres ? undefined : path.resolve(databaseUrl ?? path.join(dataDir, 'farmacia.sqlite'));
const pgBin = (name) => {
  const dir = isPostgres ? postgresBinDir() : undefined;
  return dir ? path.join(dir, name) : name;
};

function copyDir(from, to) {
  if (!existsSync(from)) return false;
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
  return true;
}

if (command === 'backup') {
  mkdirSync(folder, { recursive: true });
  if (isPostgres) {
    execFileSync(pgBin('pg_dump'), ['-Fc', '--no-owner', '-f', path.join(folder, 'farmacia.dump'), databaseUrl], { stdio: 'inherit' });
  } else {
    if (!existsSync(sqliteFile)) throw new Error(`no SQLite database at ${sqliteFile}`);
    const require = createRequire(path.resolve(import.meta.dirname, '../apps/api/package.json'));
    const SQLite = require('better-sqlite3');
    const db = new SQLite(sqliteFile, { readonly: true });
    await db.backup(path.join(folder, 'farmacia.sqlite'));
    db.close();
  }
  const secrets = copyDir(path.join(dataDir, 'secrets'), path.join(folder, 'secrets'));
  const files = copyDir(path.join(dataDir, 'files'), path.join(folder, 'files'));
  const manifest = { createdAt: new Date().toISOString(), engine: isPostgres ? 'postgres' : 'sqlite', secrets, files };
  writeFileSync(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`backup written to ${folder}: ${readdirSync(folder).join(', ')}`);
} else {
  if (!existsSync(path.join(folder, 'manifest.json'))) throw new Error(`${folder} is not a backup (no manifest.json)`);
  if (isPostgres) {
    execFileSync(pgBin('pg_restore'), ['--clean', '--if-exists', '--no-owner', '-d', databaseUrl, path.join(folder, 'farmacia.dump')], { stdio: 'inherit' });
  } else {
    mkdirSync(path.dirname(sqliteFile), { recursive: true });
    // Stale WAL/SHM of the replaced database must not be replayed onto the restored copy.
    for (const suffix of ['-wal', '-shm']) rmSync(`${sqliteFile}${suffix}`, { force: true });
    cpSync(path.join(folder, 'farmacia.sqlite'), sqliteFile);
  }
  copyDir(path.join(folder, 'secrets'), path.join(dataDir, 'secrets'));
  copyDir(path.join(folder, 'files'), path.join(dataDir, 'files'));
  console.log(`restored ${isPostgres ? 'PostgreSQL database' : sqliteFile} and DATA_DIR secrets/files from ${folder}`);
}
