import { messages, WITHDRAWAL_STATUS } from '@farmacia/contract';
import type { Executor } from '../../db/database.js';
import type { NewOrderWithdrawalRow, OrderWithdrawalRow } from './withdrawals.table.js';

/** The withdrawals' queries (decision 0698): Kysely only, the rules are in withdrawals.service.ts. */

export function findWithdrawal(db: Executor, orderId: number): Promise<OrderWithdrawalRow | undefined> {
  return db.selectFrom('order_withdrawals').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export async function insertWithdrawal(db: Executor, row: NewOrderWithdrawalRow): Promise<OrderWithdrawalRow> {
  return db.insertInto('order_withdrawals').values(row).returningAll().executeTakeFirstOrThrow();
}

/** When the order entered WITHDRAWAL_STATUS — the customer got the goods — or undefined. */
export async function receivedAt(db: Executor, orderId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('order_events')
    .select('created_at')
    .where('order_id', '=', orderId)
    .where('to_status', '=', WITHDRAWAL_STATUS)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.created_at;
}

/** The order's lines as the withdrawal rule reads them, in the order's own order. */
export function withdrawalLines(db: Executor, orderId: number) {
  return db
    .selectFrom('order_products')
    .select(['code', 'name', 'quantity', 'medicine', 'unavailable'])
    .where('order_id', '=', orderId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function customerContact(db: Executor, userId: number) {
  return db.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirst();
}

export async function shopName(db: Executor, shopId: number): Promise<string> {
  return (await db.selectFrom('shops').select('name').where('id', '=', shopId).executeTakeFirst())?.name || messages.shopDocument.shopFallbackName;
}

/**
 * The customer's completed orders received since `since` with no withdrawal yet: the candidates
 * of the period still open (the rule then decides each one).
 */
export function recentlyReceivedOrders(db: Executor, userId: number, since: string) {
  return db
    .selectFrom('orders')
    .innerJoin('order_events', 'order_events.order_id', 'orders.id')
    .select(['orders.id', 'orders.status'])
    .select((eb) => eb.fn.max('order_events.created_at').as('received_at'))
    .where('orders.user_id', '=', userId)
    .where('orders.status', '=', WITHDRAWAL_STATUS)
    .where('order_events.to_status', '=', WITHDRAWAL_STATUS)
    .where('order_events.created_at', '>=', since)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('order_withdrawals').select('id').whereRef('order_withdrawals.order_id', '=', 'orders.id'))))
    .groupBy(['orders.id', 'orders.status'])
    .orderBy('orders.id', 'desc')
    .execute();
}
