import type { AdminShop, AdminShopBody } from '@farmacia/contract';
import { messages } from '@farmacia/contract';
import type { Selectable } from 'kysely';
import { nowIso } from '../../db/column.js';
import type { ShopTable } from '../../db/foundation.table.js';
import { notFound } from '../../errors.js';
import { audit } from '../audit/index.js';
import type { ActorContext, ServiceContext } from '../../context.js';

/**
 * The installation's shops, managed by admins (issue 8, decision 0298): name, address and
 * contacts. Options, content and staff of a shop live in their own modules.
 */

const shopOf = (row: Selectable<ShopTable>): AdminShop => ({
  id: row.id,
  name: row.name,
  address: row.address,
  city: row.city,
  postal_code: row.postal_code,
  province: row.province,
  phone: row.phone,
  email: row.email,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export async function listShops(ctx: ServiceContext): Promise<AdminShop[]> {
  const rows = await ctx.db.selectFrom('shops').selectAll().orderBy('name').orderBy('id').execute();
  return rows.map(shopOf);
}

export async function createShop(ctx: ActorContext, body: AdminShopBody): Promise<AdminShop> {
  return ctx.db.transaction().execute(async (tx) => {
    const now = nowIso();
    const row = await tx
      .insertInto('shops')
      .values({ ...body, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    const shop = shopOf(row);
    await audit(tx, ctx, { action: 'create', entity: 'shop', entityId: row.id, after: shop, shopId: row.id });
    return shop;
  });
}

export async function updateShop(ctx: ActorContext, id: number, body: AdminShopBody): Promise<AdminShop> {
  return ctx.db.transaction().execute(async (tx) => {
    const before = await tx.selectFrom('shops').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound(messages.backofficeShops.shopNotFound);
    const row = await tx
      .updateTable('shops')
      .set({ ...body, updated_at: nowIso() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const shop = shopOf(row);
    await audit(tx, ctx, { action: 'update', entity: 'shop', entityId: id, before: shopOf(before), after: shop, shopId: id });
    return shop;
  });
}
