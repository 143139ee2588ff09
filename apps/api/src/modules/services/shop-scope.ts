import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../errors.js';
import { currentUser } from '../../plugins/auth.js';

/**
 * Which shop's services and events a public call lists (as for options and content,
 * docs/api-accounts.md): `?shop_id=` when given, else the logged-in user's associated shop, else
 * the default shop (the first one). Routes call `app.authenticateOptional` first.
 */
export async function resolveShopId(app: FastifyInstance, request: FastifyRequest, shopId: number | undefined): Promise<number> {
  const wanted = shopId ?? currentUser(request)?.shopId;
  let query = app.db.selectFrom('shops').select('id');
  query = wanted === undefined ? query.orderBy('id').limit(1) : query.where('id', '=', wanted);
  const shop = await query.executeTakeFirst();
  if (!shop) throw notFound();
  return shop.id;
}
