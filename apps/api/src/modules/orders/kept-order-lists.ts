import type { Order } from '@farmacia/contract';
import type { Db } from '../../db/database.js';
import { KeptPerKey } from '../../db/kept-reads.js';
import { perDatabase } from '../../db/per-database.js';
import { preparedQuery } from '../../db/prepared-query.js';
import * as repo from './orders.repository.js';
import type { OrderRow } from './orders.table.js';

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
 * With nothing kept for the customer, the version is read with their orders in one statement
 * (decision 0600); `present` makes the list of the order rows.
 */
export async function keptOrderList(db: Db, userId: number, present: (orders: OrderRow[]) => Promise<Order[]>): Promise<Order[]> {
  const lists = keptLists(db);
  if (!lists.holds(userId)) {
    const first = await repo.listUserOrdersWithVersion(db, userId);
    if (first === undefined) return present(await repo.listUserOrders(db, userId));
    return lists.get(first.version, userId, () => present(first.orders));
  }
  const [row] = await versionOf(db, { userId });
  return lists.get(row === undefined ? undefined : String(row.version), userId, async () => present(await repo.listUserOrders(db, userId)));
}
