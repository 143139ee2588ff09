import { readFileSync } from 'node:fs';
import net from 'node:net';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * What the database costs a bench's requests in counts the machine's load does not move (issue 18, 22): statements
 * sent by every pg client (patched on the prototype before the app connects, since its pool binds `query` per
 * connection) and, with `sqlite`, run by better-sqlite3; socket writes and reads (the database connections': injected
 * requests use no socket), each a system call, counted at the stream's own write and at each chunk read. `seen`
 * gets each statement's text.
 */
export function countIo(options: { sqlite?: boolean; seen?: (text: string) => void } = {}) {
  const counts = { statements: 0, socketWrites: 0, socketReads: 0 };
  const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    counts.statements++;
    const config = args[0] as string | { text?: string };
    options.seen?.(typeof config === 'string' ? config : (config?.text ?? ''));
    return clientQuery.apply(this, args);
  } as typeof pg.Client.prototype.query;
  if (options.sqlite) {
    const statementProto = Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1')) as Record<string, (...args: unknown[]) => unknown>;
    for (const method of ['all', 'get', 'run', 'iterate']) {
      const original = statementProto[method] as (...args: unknown[]) => unknown;
      statementProto[method] = function (this: { source: string }, ...args: unknown[]) {
        counts.statements++;
        options.seen?.(this.source);
        return original.apply(this, args);
      };
    }
  }
  const socketProto = net.Socket.prototype as unknown as { _writeGeneric: (...args: unknown[]) => unknown; push: (...args: unknown[]) => boolean };
  const writeGeneric = socketProto._writeGeneric;
  socketProto._writeGeneric = function (this: net.Socket, ...args: unknown[]) {
    counts.socketWrites++;
    return writeGeneric.apply(this, args);
  };
  const push = socketProto.push;
  socketProto.push = function (this: net.Socket, ...args: unknown[]) {
    if (args[0] !== null) counts.socketReads++;
    return push.apply(this, args);
  };
  return counts;
}

/** CPU ms of the database's backends by pid (but `admin`'s own), from /proc (fields 14 and 15, at 100 ticks a second). */
export async function backendsCpu(admin: pg.Client): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // gone between the two reads
    }
  }
  return out;
}
