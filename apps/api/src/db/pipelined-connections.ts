import pg from 'pg';
import { isDatabaseUnavailable } from './availability.js';
import { isNamedQuery, queryNamed } from './described-query.js';

/**
 * A few PostgreSQL connections in node-postgres' pipeline mode (`pipeline: true`: a query is
 * written without waiting for the one before to be answered), where every query sent in one turn
 * of the event loop goes to one connection and leaves in one socket write.
 *
 * Why (issue 18 "Scale"): on this host a socket write is a system call in a virtual machine, and
 * one write per statement was the largest single item of the API process's CPU under load (a
 * quarter of it in the offers mix). A pool gives each statement a connection of its own and so a
 * write of its own; here the statements of the requests of one turn (many, at 50 connections)
 * share a write, and their answers come back in as few reads. Each query still has its own Sync:
 * an error fails that query only. A query is plain node-postgres' (named statements, `rowMode`),
 * so no transaction and no cursor: what goes through here is read-only single statements or
 * writes that stand alone.
 */
export class PipelinedConnections {
  private readonly slots: Slot[];
  /** The slot the queries of the current turn go to (null: none sent yet this turn). */
  private turn: Slot | null = null;
  private closed = false;

  /** @param onConnect given each new client before its first query (the app's named statements). */
  constructor(
    private readonly config: pg.ClientConfig,
    size: number,
    private readonly onConnect?: (client: pg.Client) => void,
  ) {
    this.slots = Array.from({ length: size }, () => ({ client: null, connecting: null, inFlight: 0 }));
  }

  async query<R extends unknown[] = unknown[]>(query: pg.QueryArrayConfig): Promise<pg.QueryArrayResult<R>>;
  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(query: pg.QueryConfig | string): Promise<pg.QueryResult<R>>;
  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[]): Promise<pg.QueryResult<R>>;
  async query(query: pg.QueryConfig | string, values?: unknown[]): Promise<pg.QueryResult> {
    const slot = this.turn ?? this.pick();
    const client = slot.client ?? (await this.connect(slot));
    if (this.turn === null) {
      // The first query of this turn: the socket holds its writes until the turn's I/O is done.
      this.turn = slot;
      const socket = (client as unknown as { connection: { stream: NodeJS.WritableStream & { cork(): void; uncork(): void } } }).connection.stream;
      socket.cork();
      setImmediate(() => {
        this.turn = null;
        socket.uncork();
      });
    }
    slot.inFlight++;
    try {
      if (values !== undefined) return await client.query(query as string, values);
      // A named statement is described by PostgreSQL on its first run on the connection only (described-query.ts).
      if (typeof query === 'object' && isNamedQuery(query)) return await queryNamed(client, query);
      return await client.query(query);
    } catch (error) {
      // The server's word that the connection is going (a shutdown, a terminated backend) can
      // come before the socket closes: the next query must not be written to it.
      if (isDatabaseUnavailable(error) && slot.client === client) {
        slot.client = null;
        client.end().catch(() => {});
      }
      throw error;
    } finally {
      slot.inFlight--;
    }
  }

  /** The slot with the fewest queries under way (the first of them when tied: one at a time uses one connection). */
  private pick(): Slot {
    let best = this.slots[0] as Slot;
    for (const slot of this.slots) if (slot.inFlight < best.inFlight) best = slot;
    return best;
  }

  private connect(slot: Slot): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error('Client was closed and is not queryable'));
    slot.connecting ??= (async () => {
      const client = new pg.Client({ ...this.config, pipeline: true } as pg.ClientConfig);
      // A connection that fails (the server restarted) is dropped; its queries fail with node-postgres'
      // own errors (the error handler's 503) and the next query opens another.
      const drop = () => {
        if (slot.client === client) slot.client = null;
      };
      client.on('error', drop);
      client.on('end', drop);
      this.onConnect?.(client);
      try {
        await client.connect();
      } finally {
        slot.connecting = null;
      }
      if (this.closed) {
        await client.end();
        throw new Error('Client was closed and is not queryable');
      }
      slot.client = client;
      return client;
    })();
    return slot.connecting;
  }

  async end(): Promise<void> {
    this.closed = true;
    await Promise.all(
      this.slots.map(async (slot) => {
        const client = slot.client ?? (await slot.connecting?.catch(() => null));
        slot.client = null;
        await client?.end();
      }),
    );
  }
}

interface Slot {
  client: pg.Client | null;
  connecting: Promise<pg.Client> | null;
  inFlight: number;
}
