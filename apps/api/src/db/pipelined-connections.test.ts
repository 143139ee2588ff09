import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/test-database.js';
import { isDatabaseUnavailable } from './availability.js';
import { PipelinedConnections } from './pipelined-connections.js';

type Socket = { _writeGeneric: (...args: unknown[]) => unknown };

/** The sockets' writes of `connections`' clients, counted from now on. */
function countWrites(connections: PipelinedConnections): { writes: number } {
  const counter = { writes: 0 };
  const slots = (connections as unknown as { slots: { client: pg.Client | null }[] }).slots;
  for (const { client } of slots) {
    if (!client) continue;
    const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
    const write = socket._writeGeneric;
    socket._writeGeneric = function (this: Socket, ...args: unknown[]) {
      counter.writes++;
      return write.apply(this, args);
    };
  }
  return counter;
}

const pids = (results: pg.QueryResult<{ pid: number }>[]) => new Set(results.map((r) => r.rows[0]?.pid));

describe.runIf(testEngine === 'postgres')('pipelined connections', () => {
  let connections: PipelinedConnections;
  const open = (size = 2) => {
    connections = new PipelinedConnections({ connectionString: process.env.TEST_DATABASE_URL }, size);
    return connections;
  };
  afterEach(() => connections.end());

  it('send the queries of one turn in one socket write, on one connection, each answered its own', async () => {
    const db = open();
    await db.query('select 1');
    const counter = countWrites(db);
    const asked = Array.from({ length: 20 }, (_, i) => i);
    const answers = await Promise.all(asked.map((i) => db.query<{ n: number; pid: number }>({ text: 'select $1::int as n, pg_backend_pid() as pid', values: [i] })));
    expect(answers.map((a) => a.rows[0]?.n)).toEqual(asked);
    expect(counter.writes).toBe(1);
    expect(pids(answers).size).toBe(1);
  });

  it('use one connection for queries one at a time, another while it is busy', async () => {
    const db = open();
    const one = [];
    for (let i = 0; i < 5; i++) one.push(await db.query<{ pid: number }>('select pg_backend_pid() as pid'));
    expect(pids(one).size).toBe(1);
    // A slow query under way on the first: the next turn's query goes to the second.
    const slow = db.query<{ pid: number }>('select pg_backend_pid() as pid, pg_sleep(0.2)');
    await new Promise((resolve) => setImmediate(resolve));
    const other = await db.query<{ pid: number }>('select pg_backend_pid() as pid');
    expect(pids([await slow, other]).size).toBe(2);
  });

  it('fail only the query in error, not the others of its write', async () => {
    const db = open(1);
    const results = await Promise.allSettled([db.query('select 1 as n'), db.query('select 1/0'), db.query('select 3 as n')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseFulfilledResult<pg.QueryResult>).value.rows).toEqual([{ n: 3 }]);
  });

  it('fail the queries under way on a lost connection as the database unavailable, then open another', async () => {
    const db = open(1);
    const { rows } = await db.query<{ pid: number }>('select pg_backend_pid() as pid');
    const under = db.query('select pg_sleep(5)').catch((error: unknown) => error);
    const killer = new PipelinedConnections({ connectionString: process.env.TEST_DATABASE_URL }, 1);
    try {
      await killer.query({ text: 'select pg_terminate_backend($1)', values: [rows[0]?.pid] });
    } finally {
      await killer.end();
    }
    expect(isDatabaseUnavailable(await under)).toBe(true);
    const again = await db.query<{ pid: number }>('select pg_backend_pid() as pid');
    expect(again.rows[0]?.pid).not.toBe(rows[0]?.pid);
  });
});
