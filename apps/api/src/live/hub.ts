import { LIVE_REPLAY_WINDOW_MS } from '@farmacia/contract';
import pg from 'pg';
import type { Db } from '../db/database.js';
import { preparedQuery } from '../db/prepared-query.js';
import type { Logger } from '../context.js';
import type { LiveEventRow } from './live.table.js';
import { LIVE_CHANNEL, onLocalChange } from './raise.js';

/** Whose events a stream receives: a shop's (its staff) or a customer's own. */
export type LiveScope = { shopId: number } | { userId: number };

export const inScope = (scope: LiveScope, row: Pick<LiveEventRow, 'shop_id' | 'user_id'>): boolean =>
  'shopId' in scope ? row.shop_id === scope.shopId : row.user_id === scope.userId;

interface Subscriber {
  scope: LiveScope;
  deliver: (row: LiveEventRow) => void;
}

/** What a reconnecting stream missed: the events after its last one, or `gap` when some were already pruned. */
export interface Replay {
  rows: LiveEventRow[];
  gap: boolean;
}

/** SQLite's read of what was committed since the last one: every 2 s and after each local change, compiled once. */
const eventsAfter = preparedQuery((db, v: { after: number }) => db.selectFrom('live_events').selectAll().where('id', '>', v.after).orderBy('id'));

/** At most this many events replayed to one stream; more means "refetch everything" (a reset). */
const REPLAY_LIMIT = 500;
const RECONNECT_MAX_MS = 30_000;
/** SQLite: a change written by another process (a CLI, a second process on the file) is read within this. */
const SQLITE_SAFETY_READ_MS = 2_000;

/**
 * One per instance: the open streams of this process and the source of their events —
 * PostgreSQL `LISTEN` on a connection of its own (every instance hears every commit), or, on
 * SQLite, the table read after each local change. Events are matched to streams by scope here,
 * so a stream never even receives another shop's or another customer's row.
 */
export class LiveHub {
  private readonly subscribers = new Set<Subscriber>();
  private readonly closers = new Set<() => void>();
  private listener: pg.Client | null = null;
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectDelay = 1_000;
  /** SQLite: the last event read from the table. PostgreSQL: the highest heard (catch-up after a lost listener). */
  private lastSeen = 0;
  private pulling: Promise<void> | null = null;
  private pullAgain = false;
  private unregisterLocal: (() => void) | null = null;
  private safetyTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly engine: 'sqlite' | 'postgres',
    private readonly databaseUrl: string,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    this.lastSeen = await this.maxId();
    if (this.engine === 'postgres') await this.listen();
    else {
      this.unregisterLocal = onLocalChange(() => this.pull());
      this.safetyTimer = setInterval(() => this.pull(), SQLITE_SAFETY_READ_MS).unref();
    }
  }

  /** Ends every open stream (so the server can close) and stops listening. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.safetyTimer);
    this.unregisterLocal?.();
    for (const close of [...this.closers]) close();
    await this.pulling;
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => {});
  }

  /** Streams open on this instance (metrics, tests). */
  get size(): number {
    return this.subscribers.size;
  }

  subscribe(scope: LiveScope, deliver: (row: LiveEventRow) => void, close: () => void): () => void {
    const subscriber = { scope, deliver };
    this.subscribers.add(subscriber);
    this.closers.add(close);
    return () => {
      this.subscribers.delete(subscriber);
      this.closers.delete(close);
    };
  }

  async replay(scope: LiveScope, afterId: number): Promise<Replay> {
    const oldest = await this.db.selectFrom('live_events').select((eb) => eb.fn.min<number>('id').as('id')).executeTakeFirst();
    // Nothing kept, or the oldest kept is past the next one: events after `afterId` may have been pruned.
    if (oldest?.id == null || Number(oldest.id) > afterId + 1) return { rows: [], gap: true };
    let query = this.db.selectFrom('live_events').selectAll().where('id', '>', afterId);
    query = 'shopId' in scope ? query.where('shop_id', '=', scope.shopId) : query.where('user_id', '=', scope.userId);
    const rows = await query.orderBy('id').limit(REPLAY_LIMIT + 1).execute();
    return rows.length > REPLAY_LIMIT ? { rows: [], gap: true } : { rows, gap: false };
  }

  /** Forgets events older than the replay window (idempotent: every instance may run it). */
  async prune(now: Date): Promise<void> {
    const before = new Date(now.getTime() - LIVE_REPLAY_WINDOW_MS).toISOString();
    await this.db.deleteFrom('live_events').where('created_at', '<', before).execute();
  }

  private dispatch(row: LiveEventRow): void {
    if (row.id > this.lastSeen) this.lastSeen = row.id;
    for (const s of this.subscribers) {
      if (inScope(s.scope, row)) s.deliver(row);
    }
  }

  private async maxId(): Promise<number> {
    const row = await this.db.selectFrom('live_events').select((eb) => eb.fn.max<number>('id').as('id')).executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  /** Reads what was committed since the last read; calls during a read make one more read after it. */
  private pull(): void {
    if (this.stopped) return;
    if (this.pulling) {
      this.pullAgain = true;
      return;
    }
    this.pulling = (async () => {
      do {
        this.pullAgain = false;
        try {
          const rows = await eventsAfter(this.db, { after: this.lastSeen });
          for (const row of rows) this.dispatch(row);
        } catch (error) {
          this.log.warn({ err: error }, 'live events read failed');
        }
      } while (this.pullAgain && !this.stopped);
    })().finally(() => {
      this.pulling = null;
    });
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 5_000 });
    const lost = () => {
      if (this.listener !== client) return;
      this.listener = null;
      client.end().catch(() => {});
      this.scheduleReconnect();
    };
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'live listener lost');
      lost();
    });
    client.on('end', lost);
    client.on('notification', (message) => {
      if (message.channel !== LIVE_CHANNEL || !message.payload) return;
      try {
        this.dispatch(JSON.parse(message.payload) as LiveEventRow);
      } catch (error) {
        this.log.warn({ err: error }, 'live notification unreadable');
      }
    });
    await client.connect();
    await client.query(`LISTEN ${LIVE_CHANNEL}`);
    this.listener = client;
    this.reconnectDelay = 1_000;
  }

  /** A lost listener comes back with back-off and first delivers what was committed meanwhile. */
  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.reconnectTimer = setTimeout(async () => {
      try {
        await this.listen();
        const missed = await this.db.selectFrom('live_events').selectAll().where('id', '>', this.lastSeen).orderBy('id').execute();
        for (const row of missed) this.dispatch(row);
      } catch (error) {
        this.log.warn({ err: error }, 'live listener reconnect failed');
        this.reconnectDelay = Math.min(RECONNECT_MAX_MS, this.reconnectDelay * 2);
        this.scheduleReconnect();
      }
    }, this.reconnectDelay);
    this.reconnectTimer.unref();
  }
}
