import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ProductRequestRow, ProductRequestTable } from './product-requests.table.js';

type Executor = Kysely<Database> | Transaction<Database>;

export function listInCart(db: Executor, userId: number, cartId: number): Promise<ProductRequestRow[]> {
  return db
    .selectFrom('product_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .where('cart_id', '=', cartId)
    .orderBy('id')
    .execute();
}

export function findInCart(db: Executor, userId: number, cartId: number, id: number): Promise<ProductRequestRow | undefined> {
  return db
    .selectFrom('product_requests')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('cart_id', '=', cartId)
    .executeTakeFirst();
}

export function insert(db: Executor, row: Insertable<ProductRequestTable>): Promise<ProductRequestRow> {
  return db.insertInto('product_requests').values(row).returningAll().executeTakeFirstOrThrow();
}

export function update(db: Executor, id: number, userId: number, changes: Updateable<ProductRequestTable>): Promise<ProductRequestRow> {
  return db
    .updateTable('product_requests')
    .set(changes)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function remove(db: Executor, id: number, userId: number): Promise<void> {
  await db.deleteFrom('product_requests').where('id', '=', id).where('user_id', '=', userId).execute();
}

export async function removeAllInCart(db: Executor, cartId: number): Promise<Array<number | null>> {
  const rows = await db.deleteFrom('product_requests').where('cart_id', '=', cartId).returning('file_id').execute();
  return rows.map((r) => r.file_id);
}
