import { nowIso } from '../../db/column.js';
import * as repo from './cart.repository.js';
import type { Executor } from '../../db/database.js';
import type { ServiceContext } from '../../context.js';

/** Whose cart: the customer, in the shop they are associated with (one cart per customer and shop). */
export interface CartOwner {
  userId: number;
  shopId: number;
}

/** The caller of a route as a cart owner. */
export function cartOwnerOf(user: { id: number; shopId: number }): CartOwner {
  return { userId: user.id, shopId: user.shopId };
}

/** The id of the owner's cart, or undefined when they never had one (reads never create it). */
export async function cartIdOf(ctx: ServiceContext, owner: CartOwner): Promise<number | undefined> {
  return (await repo.findCart(ctx.db, owner.userId, owner.shopId))?.id;
}

/** The id of the owner's cart, created when missing. */
export async function ensureCartId(ctx: ServiceContext, owner: CartOwner): Promise<number> {
  return (await repo.ensureCart(ctx.db, owner.userId, owner.shopId, nowIso())).id;
}

/**
 * Serializes changes to one cart: the first statement of a transaction that changes a cart
 * writes its row, so PostgreSQL holds the row lock (SQLite its write lock) until commit.
 */
export async function lockCartRow(trx: Executor, cartId: number): Promise<void> {
  await repo.lockCart(trx, cartId, nowIso());
}
