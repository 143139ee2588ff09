import { type AdminShopService, type AdminShopServiceBodySchema, centsToEuro, euroToCents, messages } from '@farmacia/contract';
import type { z } from 'zod';
import { nowIso } from '../../db/column.js';
import type { Db } from '../../db/database.js';
import { notFound, validationFailed } from '../../errors.js';
import { changeInShop, shopScope } from '../staff/index.js';
import { writeAudited } from '../audit/index.js';
import { sanitizeRichText } from './rich-text.js';
import { createShopService } from './services.service.js';
import type { ShopServiceRow } from './shop-services.table.js';
import * as repo from './services.admin.repository.js';
import type { ActorContext } from '../../context.js';

/**
 * Shop services (what a customer asks about with an information request, spec §7 "Shop services")
 * and their place in categories and groups. Withdrawn, not deleted (`active` false): requests
 * already sent keep naming them (decision 0292).
 */

type Body = z.output<typeof AdminShopServiceBodySchema>;

const toAdmin = (r: ShopServiceRow): AdminShopService => ({
  id: r.id,
  category_id: r.category_id,
  group_id: r.group_id,
  name: r.name,
  description: r.description,
  price: r.price_cents === null ? null : centsToEuro(r.price_cents),
  active: r.active === 1,
  sort_order: r.sort_order,
});

async function one(db: Db, shopId: number, id: number): Promise<AdminShopService> {
  const row = await repo.findShopService(db, shopId, id);
  if (!row) throw notFound(messages.reservations.serviceNotFound);
  return toAdmin(row);
}

/** Category and group must be of the same shop (422 on the field otherwise). */
async function checkRefs(db: Db, shopId: number, body: Body): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (body.category_id !== null && !(await repo.categoryOfShop(db, shopId, body.category_id))) {
    errors.category_id = [messages.reservations.categoryNotFound];
  }
  if (body.group_id !== null && !(await repo.groupOfShop(db, shopId, body.group_id))) {
    errors.group_id = [messages.reservations.serviceGroupNotFound];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

export async function listShopServices(ctx: ActorContext, shop?: number): Promise<AdminShopService[]> {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  return (await repo.listShopServices(ctx.db, shopId)).map(toAdmin);
}

export async function addShopService(ctx: ActorContext, body: Body): Promise<AdminShopService> {
  const shopId = await shopScope(ctx.db, ctx.actor, body.shop_id);
  await checkRefs(ctx.db, shopId, body);
  return writeAudited(ctx, { action: 'create', entity: 'shop-service', shopId, read: (db, id) => one(db, shopId, id) }, async (trx) => {
    const id = await createShopService(trx, {
      shopId,
      categoryId: body.category_id,
      groupId: body.group_id,
      name: body.name,
      description: body.description,
      priceCents: body.price === null ? null : euroToCents(body.price),
    });
    if (!body.active || body.sort_order !== 0) await repo.updateShopService(trx, id, { active: body.active ? 1 : 0, sort_order: body.sort_order });
    return id;
  });
}

export async function editShopService(ctx: ActorContext, id: number, body: Body, shop?: number): Promise<AdminShopService> {
  return changeInShop(ctx, shop, id, { action: 'update', entity: 'shop-service', read: one, check: (shopId) => checkRefs(ctx.db, shopId, body) }, async (trx) => {
    await repo.updateShopService(trx, id, {
      category_id: body.category_id,
      group_id: body.group_id,
      name: body.name,
      description: sanitizeRichText(body.description),
      price_cents: body.price === null ? null : euroToCents(body.price),
      active: body.active ? 1 : 0,
      sort_order: body.sort_order,
      updated_at: nowIso(),
    });
  });
}

export async function withdrawShopService(ctx: ActorContext, id: number, shop?: number): Promise<AdminShopService> {
  return changeInShop(ctx, shop, id, { action: 'withdraw', entity: 'shop-service', read: one }, async (trx) => {
    await repo.updateShopService(trx, id, { active: 0, updated_at: nowIso() });
  });
}
