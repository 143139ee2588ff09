import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** The tables of what a customer sends with the cart besides products: prescriptions and product requests. */
export type CartRequestTableName = 'prescriptions' | 'product_requests';

/** A row of either table, with the columns the shared queries rely on spelled out (a generic table hides them). */
export type CartRequestRow<T extends CartRequestTableName> = Selectable<Database[T]> & { id: number; file_id: number | null };

/**
 * The queries both kinds of cart request share: rows of one user, in the cart until the
 * checkout moves them to their order, each with at most one stored file. One repository a table.
 */
export function cartRequestRepository<T extends CartRequestTableName>(table: T) {
  type Row = CartRequestRow<T>;
  // Kysely cannot follow a table name that is still generic; the queries are written for the
  // union of both tables (their columns used here are the same) and answer the caller's row type.
  const name = table as CartRequestTableName;
  // Read by every cart call: built and compiled once (decision 0553).
  const inCart = preparedQuery((db, v: { userId: number; cartId: number }) =>
    db.selectFrom(name).selectAll().where('user_id', '=', v.userId).where('cart_id', '=', v.cartId).orderBy('id'),
  );
  return {
    /** The user's rows still in the cart, oldest first. */
    listInCart(db: Executor, userId: number, cartId: number): Promise<Row[]> {
      return inCart(db, { userId, cartId }) as Promise<Row[]>;
    },

    /** One row of the user still in the given cart; another user's id (or one already ordered) finds nothing. */
    findInCart(db: Executor, userId: number, cartId: number, id: number): Promise<Row | undefined> {
      return db
        .selectFrom(name)
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('cart_id', '=', cartId)
        .executeTakeFirst() as Promise<Row | undefined>;
    },

    insert(db: Executor, row: Insertable<Database[T]>): Promise<Row> {
      return db
        .insertInto(name)
        .values(row as never)
        .returningAll()
        .executeTakeFirstOrThrow() as Promise<Row>;
    },

    update(db: Executor, id: number, userId: number, changes: Updateable<Database[T]>): Promise<Row> {
      return db
        .updateTable(name)
        .set(changes as never)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirstOrThrow() as Promise<Row>;
    },

    async remove(db: Executor, id: number, userId: number): Promise<void> {
      await db.deleteFrom(name).where('id', '=', id).where('user_id', '=', userId).execute();
    },

    /** Deletes every row of a cart, answering the files they held. */
    async removeAllInCart(db: Executor, cartId: number): Promise<Array<number | null>> {
      const rows = await db.deleteFrom(name).where('cart_id', '=', cartId).returning('file_id').execute();
      return rows.map((r) => r.file_id);
    },
  };
}
