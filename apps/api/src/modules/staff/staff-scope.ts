import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import { type AuditedChange, changeAudited } from '../audit/index.js';
import type { Actor, ActorContext } from '../../context.js';

/**
 * The shop a back-office call acts on. A pharmacist always works on their own shop (a `shop_id`
 * they send is ignored, so another shop's rows simply are not found: 404). An admin picks one
 * with `shop_id`, else their own.
 */
export async function shopScope(db: Db, actor: Actor, requested?: number): Promise<number> {
  const user = actor;
  if (user.role !== 'admin' || requested === undefined || requested === user.shopId) return user.shopId;
  const shop = await db.selectFrom('shops').select('id').where('id', '=', requested).executeTakeFirst();
  if (!shop) throw notFound();
  return requested;
}

/**
 * A back-office change to row `id` of the caller's shop (`shop`: the one an admin asks for): the
 * shop as {@link shopScope} decides, then the row's 404, the checks and the audited write.
 */
export async function changeInShop<T>(
  ctx: ActorContext,
  shop: number | undefined,
  id: number,
  change: AuditedChange<T>,
  write: (trx: Db) => Promise<unknown>,
): Promise<T> {
  return changeAudited(ctx, await shopScope(ctx.db, ctx.actor, shop), id, change, write);
}
