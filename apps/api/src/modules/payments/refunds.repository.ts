import type { RefundStatus } from '@farmacia/contract';
import type { Executor } from '../../db/database.js';
import { updateRowFrom } from '../../db/row-queries.js';
import type { NewRefundRow, PaymentRow, RefundRow, RefundTable } from './payments.table.js';

export function insertRefund(db: Executor, row: NewRefundRow): Promise<RefundRow> {
  return db.insertInto('refunds').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findRefund(db: Executor, id: number): Promise<RefundRow | undefined> {
  return db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findRefundByRequest(db: Executor, orderId: number, requestId: string): Promise<RefundRow | undefined> {
  return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).where('request_id', '=', requestId).executeTakeFirst();
}

export function listOrderRefunds(db: Executor, orderId: number): Promise<RefundRow[]> {
  return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/** Refunds the provider has not finished: what the reconciler takes up after a restart. */
export function listUnsettledRefunds(db: Executor, limit: number): Promise<RefundRow[]> {
  return db.selectFrom('refunds').selectAll().where('status', 'in', ['requested', 'pending']).orderBy('id').limit(limit).execute();
}

/** Changes a refund only from the status it was read in: of two racing answers, the first decides. */
export function updateRefundFrom(
  db: Executor,
  id: number,
  from: readonly RefundStatus[],
  changes: Partial<Omit<RefundTable, 'id'>> & { updated_at: string },
): Promise<RefundRow | undefined> {
  return updateRowFrom(db, 'refunds', id, from, changes);
}

/** The order's approved payment: the one money goes back from. */
export function approvedPayment(db: Executor, orderId: number): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'approved')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
