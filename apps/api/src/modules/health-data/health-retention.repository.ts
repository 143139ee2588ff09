import { ORDER_STATUSES, isOrderClosed } from '@farmacia/contract';
import type { Executor } from '../../db/database.js';

/** Queries of the retention job (decision 0411). */

const CLOSED = ORDER_STATUSES.filter(isOrderClosed);

export async function retentionOption(db: Executor, shopId: number, key: string): Promise<string | undefined> {
  return (await db.selectFrom('options').select('value').where('shop_id', '=', shopId).where('key', '=', key).executeTakeFirst())?.value;
}

/** Every stored value of a shop option, by shop (shops without one have none here). */
export async function optionValues(db: Executor, key: string): Promise<Array<{ shop_id: number; value: string }>> {
  return db.selectFrom('options').select(['shop_id', 'value']).where('key', '=', key).execute();
}

/** A set of shops by ids: those listed, or every shop but those listed. */
export type ShopSet = { in: readonly number[] } | { allBut: readonly number[] };

/**
 * Rows of `table` not erased yet, of the `shops`' orders, whose order closed before `cutoff`. A
 * closed order changes no more, so it closed with its last recorded event (orders without events:
 * their last update).
 */
export function expiredRows(
  db: Executor,
  table: 'prescriptions' | 'product_requests',
  shops: ShopSet,
  cutoff: string,
): Promise<Array<{ id: number; file_id: number | null; order_id: number }>> {
  return db
    .selectFrom(`${table} as r` as 'prescriptions as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.id', 'r.file_id', 'o.id as order_id'])
    .where('r.health_erased_at', 'is', null)
    .$call((q) => ('in' in shops ? q.where('o.shop_id', 'in', shops.in) : shops.allBut.length > 0 ? q.where('o.shop_id', 'not in', shops.allBut) : q))
    .where('o.status', 'in', CLOSED)
    .where(
      (eb) =>
        eb.fn.coalesce(
          eb
            .selectFrom('order_events as e')
            .select((e) => e.fn.max('e.created_at').as('closed_at'))
            .whereRef('e.order_id', '=', 'o.id'),
          'o.updated_at',
        ),
      '<',
      cutoff,
    )
    .orderBy('r.id')
    .execute();
}

/** Takes the row for this run and strips its health content; false when another run took it first. */
export async function claimAndAnonymise(db: Executor, table: 'prescriptions' | 'product_requests', id: number, at: string): Promise<boolean> {
  const result =
    table === 'prescriptions'
      ? await db
          .updateTable('prescriptions')
          .set({ nre: null, codice_fiscale: '', note: null, file_id: null, health_erased_at: at })
          .where('id', '=', id)
          .where('health_erased_at', 'is', null)
          .executeTakeFirst()
      : await db
          .updateTable('product_requests')
          .set({ note: '', file_id: null, health_erased_at: at })
          .where('id', '=', id)
          .where('health_erased_at', 'is', null)
          .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The customer's and the pharmacist's notes of orders that carried health data (they may speak of it). */
export async function dropOrderNotes(db: Executor, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db.updateTable('orders').set({ note: null, info: null }).where('id', 'in', orderIds).execute();
  await db.updateTable('order_events').set({ note: null }).where('order_id', 'in', orderIds).execute();
}
