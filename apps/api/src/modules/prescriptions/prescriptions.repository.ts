import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PrescriptionRow, PrescriptionTable } from './prescriptions.table.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** The user's prescriptions still in the cart, oldest first. */
export function listInCart(db: Executor, userId: number, cartId: number): Promise<PrescriptionRow[]> {
  return db
    .selectFrom('prescriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('cart_id', '=', cartId)
    .orderBy('id')
    .execute();
}

/** One prescription of the user still in the given cart; another user's id (or one already ordered) finds nothing. */
export function findInCart(db: Executor, userId: number, cartId: number, id: number): Promise<PrescriptionRow | undefined> {
  return db
    .selectFrom('prescriptions')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('cart_id', '=', cartId)
    .executeTakeFirst();
}

export function insert(db: Executor, row: Insertable<PrescriptionTable>): Promise<PrescriptionRow> {
  return db.insertInto('prescriptions').values(row).returningAll().executeTakeFirstOrThrow();
}

export function update(db: Executor, id: number, userId: number, changes: Updateable<PrescriptionTable>): Promise<PrescriptionRow> {
  return db
    .updateTable('prescriptions')
    .set(changes)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function remove(db: Executor, id: number, userId: number): Promise<void> {
  await db.deleteFrom('prescriptions').where('id', '=', id).where('user_id', '=', userId).execute();
}

/** Deletes every prescription of a cart, answering the files they held. */
export async function removeAllInCart(db: Executor, cartId: number): Promise<Array<number | null>> {
  const rows = await db.deleteFrom('prescriptions').where('cart_id', '=', cartId).returning('file_id').execute();
  return rows.map((r) => r.file_id);
}
