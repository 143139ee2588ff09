import type { LiveAction, LiveTopic } from '@farmacia/contract';
import { engineOf, nowIso, sql } from '../db/column.js';
import type { Executor } from '../db/database.js';
import type { LiveEventRow } from './live.table.js';

/** The PostgreSQL channel every instance listens on. */
export const LIVE_CHANNEL = 'farmacia_live';

export interface LiveChange {
  topic: LiveTopic;
  action: LiveAction;
  /** The order's or the reservation's id. */
  id: number;
  shopId: number;
  /** Its owner. */
  userId: number;
}

/** SQLite: the hubs of this process, told to read the table after a change is written. */
const localListeners = new Set<() => void>();
export function onLocalChange(listener: () => void): () => void {
  localListeners.add(listener);
  return () => localListeners.delete(listener);
}

/**
 * Announces a change of an order or a booking to the live streams, inside the caller's transaction,
 * the way `notifyUser` queues a message: no event for a change that rolls back. The row numbers the
 * event for every instance; on PostgreSQL `pg_notify` is delivered to each instance's listener at
 * commit (and never on rollback); on SQLite the hubs of this process read the row back, which waits
 * for the one connection the transaction holds, so they too see it only once committed.
 */
export async function raiseLive(db: Executor, change: LiveChange): Promise<void> {
  const row: Omit<LiveEventRow, 'id'> = {
    shop_id: change.shopId,
    user_id: change.userId,
    topic: change.topic,
    action: change.action,
    ref_id: change.id,
    created_at: nowIso(),
  };
  const { id } = await db.insertInto('live_events').values(row).returning('id').executeTakeFirstOrThrow();
  if (engineOf(db) === 'postgres') {
    await sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ ...row, id })})`.execute(db);
  } else {
    // After the current statement: the hub's read then queues behind the transaction.
    setImmediate(() => {
      for (const listener of localListeners) listener();
    });
  }
}
