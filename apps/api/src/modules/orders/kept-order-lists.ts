import type { Order } from '@farmacia/contract';
import type { Db } from '../../db/database.js';
import { KeptPerKey } from '../../db/kept-reads.js';
import { perDatabase } from '../../db/per-database.js';
import { preparedQuery } from '../../db/prepared-query.js';

// One primary-key read per request (decision 0553: built and compiled once).
const versionOf = preparedQuery((db, v: { userId: number }) =>
  db.selectFrom('order_list_state').select('version').where('user_id', '=', v.userId),
);

/** At most 10,000 lists (a few KB each), per database handle. */
const keptLists = perDatabase(() => new KeptPerKey<number, Order[]>(10_000));

/**
 * Each customer's order list kept while their version stays (decision 0590). Triggers move the
 * version on every write the list shows (migration 0137: the customer's orders, their lines,
 * prescriptions and product requests), so a change made by any instance, module or script is seen
 * at the next request here. A customer without a version row (never ordered) is read every time.
 */
export async function keptOrderList(db: Db, userId: number, read: () => Promise<Order[]>): Promise<Order[]> {
  const [row] = await versionOf(db, { userId });
  return keptLists(db).get(row === undefined ? undefined : String(row.version), userId, read);
}
