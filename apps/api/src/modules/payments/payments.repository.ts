import type { Executor } from '../../db/database.js';
import { findRow, updateRowFrom } from '../../db/row-queries.js';
import type { NewPaymentEventRow, NewPaymentRow, PaymentRow, PaymentStatus, PaymentTable } from './payments.table.js';

export async function insertPayment(db: Executor, row: NewPaymentRow): Promise<PaymentRow> {
  return db.insertInto('payments').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findPaymentByRef(db: Executor, provider: string, providerRef: string): Promise<PaymentRow | undefined> {
  return findRow(db, 'payments', { provider, provider_ref: providerRef });
}

export function findPaymentByReference(db: Executor, reference: string): Promise<PaymentRow | undefined> {
  return findRow(db, 'payments', { reference });
}

export function listOrderPayments(db: Executor, orderId: number): Promise<PaymentRow[]> {
  return db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/** Changes a payment only from one of `from`: the first of two racing notifications decides. */
export async function updatePaymentFrom(
  db: Executor,
  id: number,
  from: readonly PaymentStatus[],
  changes: Partial<Omit<PaymentTable, 'id'>> & { updated_at: string },
): Promise<PaymentRow | undefined> {
  return updateRowFrom(db, 'payments', id, from, changes);
}

export async function setProviderRef(
  db: Executor,
  id: number,
  changes: { provider_ref: string; token: string | null; updated_at: string },
): Promise<void> {
  await db.updateTable('payments').set(changes).where('id', '=', id).execute();
}

/** Attempts the buyer opened but never finished: closed when the order changes under them. */
export async function cancelOpenPayments(db: Executor, orderId: number, at: string): Promise<number> {
  const rows = await db
    .updateTable('payments')
    .set({ status: 'cancelled', updated_at: at })
    .where('order_id', '=', orderId)
    .where('status', '=', 'created')
    .returning('id')
    .execute();
  return rows.length;
}

export async function insertPaymentEvent(db: Executor, row: NewPaymentEventRow): Promise<void> {
  await db.insertInto('payment_events').values(row).execute();
}

export function listPaymentEvents(db: Executor, filter: { paymentId?: number; provider?: string }) {
  let query = db.selectFrom('payment_events').selectAll();
  if (filter.paymentId !== undefined) query = query.where('payment_id', '=', filter.paymentId);
  if (filter.provider !== undefined) query = query.where('provider', '=', filter.provider);
  return query.orderBy('id').execute();
}
