import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../context.js';

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
