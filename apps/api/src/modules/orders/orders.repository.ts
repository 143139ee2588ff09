import type { OrderStatus } from '@farmacia/contract';
import { sql } from 'kysely';
import { engineOf } from '../../db/column.js';
import type { Executor } from '../../db/database.js';
import { JsonRows } from '../../db/json-rows.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { updateRowFrom } from '../../db/row-queries.js';
import type {
  NewOrderProductRow,
  NewOrderRow,
  OrderEventRow,
  OrderProductRow,
  OrderRow,
  OrderTable,
  ShownOrderProductRow,
  ShownOrderRow,
} from './orders.table.js';

export async function insertOrder(db: Executor, row: NewOrderRow): Promise<OrderRow> {
  return db.insertInto('orders').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function insertOrderProducts(db: Executor, rows: NewOrderProductRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('order_products').values(rows).execute();
}

export async function deleteOrderProducts(db: Executor, orderId: number): Promise<void> {
  await db.deleteFrom('order_products').where('order_id', '=', orderId).execute();
}

export function findOrder(db: Executor, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The customer's own order only: another customer's id is simply not found. */
export function findUserOrder(db: Executor, userId: number, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** An order of the pharmacist's shop only. */
export function findShopOrder(db: Executor, shopId: number, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).where('shop_id', '=', shopId).executeTakeFirst();
}

/** Spec §2 Orders: last updated first. */
// The customer's order list (`GET /order`, polled by the app): built and compiled once (decision 0553).
const userOrders = preparedQuery((db, v: { userId: number }) =>
  db.selectFrom('orders').selectAll().where('user_id', '=', v.userId).orderBy('updated_at', 'desc').orderBy('id', 'desc'),
);
// A first read (nothing kept for the customer): their list's version with their orders, in one
// statement (decision 0600) — a round trip less on PostgreSQL. No version row: no row at all.
const userOrdersWithVersion = preparedQuery((db, v: { userId: number }) =>
  db
    .selectFrom('order_list_state as s')
    .leftJoin('orders as o', 'o.user_id', 's.user_id')
    .selectAll('o')
    .select('s.version as list_version')
    .where('s.user_id', '=', v.userId)
    .orderBy('o.updated_at', 'desc')
    .orderBy('o.id', 'desc'),
);
const orderProducts = preparedQuery((db, v: { orderIds: number[] }) =>
  db.selectFrom('order_products').selectAll().where('order_id', 'in', v.orderIds).orderBy('order_id').orderBy('position'),
);

export function listUserOrders(db: Executor, userId: number): Promise<OrderRow[]> {
  return userOrders(db, { userId });
}

/**
 * {@link listUserOrders} with the version of the customer's order list (migration 0137) read in the
 * same statement, so the orders are exactly as of it; undefined when the customer has no version row.
 */
export async function listUserOrdersWithVersion(
  db: Executor,
  userId: number,
): Promise<{ version: string; orders: ShownOrderRow[]; lines?: ShownOrderProductRow[] } | undefined> {
  if (engineOf(db) === 'sqlite') return userOrdersJsonOf(db, userId);
  const rows = await userOrdersWithVersion(db, { userId });
  const [first] = rows;
  if (first === undefined) return undefined;
  // A customer whose version row has no order left comes back as one row of nulls beside the version.
  return { version: String(first.list_version), orders: rows.filter((r) => r.id !== null) as OrderRow[] };
}

// SQLite, a first read: the version, the orders' shown columns and their lines' as two JSON texts
// in one statement — better-sqlite3 then makes two strings instead of a JS value per cell (~28 an
// order, 14 a line), and JSON.parse is cheaper than that (decision 0606). Every column is an
// integer or a text, so the JSON keeps each value's type as the row would.
const shownOrdersJson = JsonRows.of<ShownOrderRow>()('o', [
  'id', 'status', 'created_at', 'updated_at', 'total_quantity', 'subtotal_cents', 'total_cents', 'discount_cents', 'voucher_json',
  'shipping_type', 'delivery_type', 'shipping_method_type', 'shipping_method_label', 'shipping_cents', 'address_json', 'payment_type',
  'payment_valid', 'requires_pharmacy_settlement', 'delivery_date', 'info', 'note', 'receipt_fiscal_code',
]);
const shownLinesJson = JsonRows.of<ShownOrderProductRow>()('l', [
  'order_id', 'code', 'name', 'quantity', 'unit_cents', 'total_cents', 'prescription_only', 'unavailable',
]);
const userOrdersJson = preparedQuery((db, v: { userId: number }) =>
  db
    .selectFrom('order_list_state as s')
    .select('s.version as list_version')
    .select(sql<string>`(select ${shownOrdersJson.aggregate('o.updated_at desc, o.id desc')} from orders o where o.user_id = s.user_id)`.as('orders_json'))
    .select(
      sql<string>`(select ${shownLinesJson.aggregate('l.order_id, l.position')} from order_products l where l.order_id in (select o.id from orders o where o.user_id = s.user_id))`.as(
        'lines_json',
      ),
    )
    .where('s.user_id', '=', v.userId),
);

async function userOrdersJsonOf(db: Executor, userId: number): Promise<{ version: string; orders: ShownOrderRow[]; lines: ShownOrderProductRow[] } | undefined> {
  const [row] = await userOrdersJson(db, { userId });
  if (row === undefined) return undefined;
  return { version: String(row.list_version), orders: shownOrdersJson.parse(row.orders_json), lines: shownLinesJson.parse(row.lines_json) };
}

export interface ShopOrderFilter {
  statuses?: readonly OrderStatus[];
  /** Order id, or part of the customer's name or email. */
  q?: string;
  limit: number;
  offset: number;
}

export async function listShopOrders(
  db: Executor,
  shopId: number,
  filter: ShopOrderFilter,
): Promise<{ rows: Array<OrderRow & { customer_name: string; customer_email: string; customer_phone: string | null }>; total: number }> {
  let query = db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id').where('orders.shop_id', '=', shopId);
  if (filter.statuses && filter.statuses.length > 0) query = query.where('orders.status', 'in', [...filter.statuses]);
  const q = filter.q?.trim();
  if (q) {
    // Wildcards typed by the user are dropped rather than escaped: LIKE escapes differ between engines.
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, '')}%`;
    const id = /^\d{1,9}$/.test(q) ? Number(q) : -1;
    query = query.where((eb) =>
      eb.or([
        eb('orders.id', '=', id),
        eb(eb.fn('lower', ['users.name']), 'like', like),
        eb(eb.fn('lower', ['users.email']), 'like', like),
      ]),
    );
  }
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll('orders')
    .select(['users.name as customer_name', 'users.email as customer_email', 'users.phone_number as customer_phone'])
    .orderBy('orders.updated_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return { rows, total: Number(total.n) };
}

/** What an order's available medicine lines cost (decision 0696: they earn no loyalty points). */
export async function medicineCents(db: Executor, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('order_products')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('total_cents'), eb.lit(0)).as('cents'))
    .where('order_id', '=', orderId)
    .where('medicine', '=', 1)
    .where('unavailable', '=', 0)
    .executeTakeFirst();
  return Number(row?.cents ?? 0);
}

export function listOrderProducts(db: Executor, orderIds: readonly number[]): Promise<OrderProductRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return orderProducts(db, { orderIds: [...orderIds] });
}

/**
 * Moves an order from `from` to `to` with its other changes, only if it still is in `from` (and
 * matches `extra`): two racing requests cannot both make a transition. Undefined when it was not.
 */
export async function transitionOrder(
  db: Executor,
  id: number,
  from: OrderStatus,
  changes: Partial<Omit<OrderTable, 'id'>> & { status: OrderStatus; updated_at: string },
  extra: { paymentValid?: number } = {},
): Promise<OrderRow | undefined> {
  let query = db.updateTable('orders').set(changes).where('id', '=', id).where('status', '=', from);
  if (extra.paymentValid !== undefined) query = query.where('payment_valid', '=', extra.paymentValid);
  return query.returningAll().executeTakeFirst();
}

/** Changes fields of an order that is still in `status` (no transition). */
export async function updateOrderIn(
  db: Executor,
  id: number,
  status: OrderStatus | readonly OrderStatus[],
  changes: Partial<Omit<OrderTable, 'id' | 'status'>> & { updated_at: string },
): Promise<OrderRow | undefined> {
  return updateRowFrom(db, 'orders', id, typeof status === 'string' ? [status] : status, changes);
}

export async function insertOrderEvent(db: Executor, row: Omit<OrderEventRow, 'id'>): Promise<void> {
  await db.insertInto('order_events').values(row).execute();
}

export function listOrderEvents(db: Executor, orderId: number): Promise<OrderEventRow[]> {
  return db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}
