import { messages, type ShopLegal, type ShopLegalBody } from '@farmacia/contract';
import type { Selectable } from 'kysely';
import { nowIso } from '../../db/column.js';
import type { ShopTable } from '../../db/foundation.table.js';
import { notFound } from '../../errors.js';
import { bumpShopDataRevision, forgetShopDataRevision } from './shop-data-revision.js';
import { audit } from '../audit/index.js';
import type { Executor } from '../../db/database.js';
import type { ActorContext, ServiceContext } from '../../context.js';

/**
 * The seller's legal identity (issue 15, decision 0405): public, since the law wants it on every
 * page that sells medicines; edited by admins only, like the rest of a shop (decision 0298).
 */

const legalOf = (row: Selectable<ShopTable>): ShopLegal => ({
  shop_id: row.id,
  shop_name: row.name,
  legal_name: row.legal_name,
  vat_number: row.vat_number,
  registered_office: row.registered_office,
  responsible_pharmacist: row.responsible_pharmacist,
  pharmacist_registration: row.pharmacist_registration,
  ministry_authorization_code: row.ministry_authorization_code,
  ministry_authorization_date: row.ministry_authorization_date,
  ministry_list_url: row.ministry_list_url,
  email: row.email,
  phone: row.phone,
});

async function findShopRow(db: Executor, shopId: number): Promise<Selectable<ShopTable>> {
  const row = await db.selectFrom('shops').selectAll().where('id', '=', shopId).executeTakeFirst();
  if (!row) throw notFound(messages.backofficeShops.shopNotFound);
  return row;
}

export async function getShopLegal(ctx: ServiceContext, shopId: number): Promise<ShopLegal> {
  return legalOf(await findShopRow(ctx.db, shopId));
}

/** Replaces the shop's legal block; audited with before and after, and every open app refetches it. */
export async function updateShopLegal(ctx: ActorContext, shopId: number, body: ShopLegalBody): Promise<ShopLegal> {
  const legal = await ctx.db.transaction().execute(async (trx) => {
    const before = legalOf(await findShopRow(trx, shopId));
    const row = await trx
      .updateTable('shops')
      .set({ ...body, updated_at: nowIso() })
      .where('id', '=', shopId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const after = legalOf(row);
    await bumpShopDataRevision(trx);
    await audit(trx, ctx, { action: 'update', entity: 'shop_legal', entityId: shopId, before, after, shopId });
    return after;
  });
  forgetShopDataRevision();
  return legal;
}
