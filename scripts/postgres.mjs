// A throw-away PostgreSQL cluster for the test suite: created under the temp folder, owned by the
// `postgres` system user (the server refuses to run as root), listening on 127.0.0.1 only.
// Usage: node scripts/postgres.mjs start|stop   (prints the admin connection URL on start)
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { postgresBinDir } from './system-packages.mjs';

export const PG_PORT = Number(process.env.FARMACIA_PG_PORT ?? 54329);
const dataDir = path.join(tmpdir(), `farmacia-pg-${PG_PORT}`);
export const PG_URL = `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`;

function asPostgresUser(bin, args) {
  const isRoot = process.getuid?.() === 0;
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
}

function uidOf(user) {
  return Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
}

/** Whether a PostgreSQL server accepts connections on 127.0.0.1 at the cluster's port. */
function answersOnPort(bin) {
  try {
    execFileSync(`${bin}/pg_isready`, ['-q', '-h', '127.0.0.1', '-p', String(PG_PORT)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function startPostgres() {
  const bin = postgresBinDir();
  const isRoot = process.getuid?.() === 0;
  // A cluster already serving the port (started by a run whose temp folder was another, e.g. one with
  // TMPDIR set for its bench data) is the one to use: a second initdb here could never start on it.
  if (!existsSync(path.join(dataDir, 'PG_VERSION')) && answersOnPort(bin)) return PG_URL;
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    if (isRoot) chownSync(dataDir, uidOf('postgres'), Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()));
    asPostgresUser(`${bin}/initdb`, ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  }
  try {
    asPostgresUser(`${bin}/pg_ctl`, ['-D', dataDir, 'status']);
    return PG_URL; // already running
  } catch {
    // not running: start it below
  }
  // Durability is pointless for a test cluster: trade it for speed.
  const opts = [
    `-p ${PG_PORT}`,
    '-c listen_addresses=127.0.0.1',
    `-k ${dataDir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
  ].join(' ');
  asPostgresUser(`${bin}/pg_ctl`, ['-D', dataDir, '-o', opts, '-l', path.join(dataDir, 'server.log'), '-w', '-t', '60', 'start']);
  return PG_URL;
}

export function stopPostgres() {
  const bin = postgresBinDir();
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  try {
    asPostgresUser(`${bin}/pg_ctl`, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  } catch {
    // already stopped
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const command = process.argv[2] ?? 'start';
  if (command === 'start') console.log(startPostgres());
  else if (command === 'stop') stopPostgres();
  else {
    console.error('usage: node scripts/postgres.mjs start|stop');
    process.exit(2);
  }
}
