import type { Order } from '@farmacia/contract';
import type { Executor } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared-query.js';

/** Lists kept at most (the oldest stored goes first): a few KB each. */
const CAPACITY = 10_000;

// One primary-key read per request (decision 0553: built and compiled once).
const versionOf = preparedQuery((db, v: { userId: number }) =>
  db.selectFrom('order_list_state').select('version').where('user_id', '=', v.userId),
);

interface Kept {
  version: string;
  orders: Order[];
}

/**
 * Each customer's order list kept while their version stays (decision 0590). Triggers move the
 * version on every write the list shows (migration 0137: the customer's orders, their lines,
 * prescriptions and product requests), so a change made by any instance, module or script is seen
 * at the next request here. One map per database handle (a process may hold several: the tests).
 *
 * A list is read after its version and kept under it: nothing kept is older than its version (a
 * write that lands during the read moves the version, so the next request reads again). A
 * customer without a version row is read every time and never kept.
 */
const keptByDb = new WeakMap<Executor, Map<number, Kept>>();

export async function keptOrderList(db: Executor, userId: number, read: () => Promise<Order[]>): Promise<Order[]> {
  const [row] = await versionOf(db, { userId });
  if (row === undefined) return read();
  const version = String(row.version);
  let kept = keptByDb.get(db);
  if (kept === undefined) {
    kept = new Map();
    keptByDb.set(db, kept);
  }
  const hit = kept.get(userId);
  if (hit !== undefined && hit.version === version) return hit.orders;
  const orders = await read();
  kept.delete(userId);
  if (kept.size >= CAPACITY) kept.delete(kept.keys().next().value as number);
  kept.set(userId, { version, orders });
  return orders;
}
