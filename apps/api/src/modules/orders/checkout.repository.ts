import type { Executor } from '../../db/database.js';

/**
 * The checkout's moves of cart contents, inside its transaction (the cart module's services work
 * on their own connection and cannot join it). Each answers how many rows it took, so a cart that
 * changed since it was read — or a second click — is detected and the whole checkout rolled back.
 */

/** Removes the cart's product lines (they are now the order's lines). */
export async function takeCartLines(db: Executor, cartId: number): Promise<number> {
  const rows = await db.deleteFrom('cart_products').where('cart_id', '=', cartId).returning('product_code').execute();
  return rows.length;
}

/** Moves the cart's prescriptions to the order (their tables' documented life cycle: cart_id → order_id). */
export function movePrescriptions(db: Executor, userId: number, cartId: number, orderId: number, at: string): Promise<number> {
  return moveToOrder(db, 'prescriptions', userId, cartId, orderId, at);
}

export function moveProductRequests(db: Executor, userId: number, cartId: number, orderId: number, at: string): Promise<number> {
  return moveToOrder(db, 'product_requests', userId, cartId, orderId, at);
}

async function moveToOrder(
  db: Executor,
  table: 'prescriptions' | 'product_requests',
  userId: number,
  cartId: number,
  orderId: number,
  at: string,
): Promise<number> {
  const rows = await db
    .updateTable(table)
    .set({ order_id: orderId, cart_id: null, updated_at: at })
    .where('cart_id', '=', cartId)
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  return rows.length;
}
