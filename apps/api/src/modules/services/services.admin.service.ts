import {
  type AdminService,
  type AdminServiceBodySchema,
  type AdminServiceCategory,
  type AdminServiceCategoryBodySchema,
  type AdminServiceGroup,
  type AdminServiceGroupBodySchema,
  BackofficeBookingErrorCode,
  euroToCents,
  messages,
} from '@farmacia/contract';
import type { z } from 'zod';
import { nowIso } from '../../db/column.js';
import type { Db } from '../../db/database.js';
import { conflict, notFound, validationFailed } from '../../errors.js';
import { changeInShop, shopScope } from '../staff/index.js';
import { audit, writeAudited } from '../audit/index.js';
import { sanitizeRichText } from './rich-text.js';
import { createCategory, createGroup, createService, toService } from './services.service.js';
import type { ServiceRow } from './services.table.js';
import * as repo from './services.admin.repository.js';
import { knownStaffIds } from '../staff/index.js';
import type { ActorContext } from '../../context.js';

/**
 * Services, categories and groups of a shop, written from the back office. A service is never
 * deleted, only withdrawn (`active` false): its reservations keep showing it and stay valid, it
 * just is not offered any more. A category or a group is deleted only while nothing is filed under
 * it (409 otherwise). Every change is audited in its own transaction, before and after.
 */

const MSG = messages.backofficeBookings;
type ServiceBody = z.output<typeof AdminServiceBodySchema>;

function toAdminService(row: ServiceRow, staffIds: number[]): AdminService {
  return { ...toService(row), active: row.active === 1, sort_order: row.sort_order, staff_ids: staffIds };
}

async function assembleServices(db: Db, rows: ServiceRow[]): Promise<AdminService[]> {
  const links = await repo.staffOfServices(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    toAdminService(
      r,
      links.filter((l) => l.service_id === r.id).map((l) => l.staff_id),
    ),
  );
}

/** Whether the service is one of the shop's (another shop's id is not). */
export async function isServiceOfShop(db: Db, shopId: number, id: number): Promise<boolean> {
  return (await repo.findService(db, shopId, id)) !== undefined;
}

/** Which of `ids` are services of the shop. */
export function knownServiceIds(db: Db, shopId: number, ids: readonly number[]): Promise<Set<number>> {
  return repo.serviceIdsOfShop(db, shopId, ids);
}

async function oneService(db: Db, shopId: number, id: number): Promise<AdminService> {
  const row = await repo.findService(db, shopId, id);
  if (!row) throw notFound(messages.reservations.serviceNotFound);
  const [service] = await assembleServices(db, [row]);
  return service as AdminService;
}

/** Category and staff members must be of the same shop (422 on the field otherwise). */
async function checkServiceRefs(db: Db, shopId: number, body: ServiceBody): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (body.category_id !== null && !(await repo.categoryOfShop(db, shopId, body.category_id))) {
    errors.category_id = [messages.reservations.categoryNotFound];
  }
  const staffIds = [...new Set(body.staff_ids)];
  const known = await knownStaffIds(db, shopId, staffIds);
  if (staffIds.some((id) => !known.has(id))) errors.staff_ids = [messages.backoffice.staffNotFound];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

export async function listServices(ctx: ActorContext, shop?: number): Promise<AdminService[]> {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  return assembleServices(ctx.db, await repo.listServices(ctx.db, shopId));
}

export async function addService(ctx: ActorContext, body: ServiceBody): Promise<AdminService> {
  const shopId = await shopScope(ctx.db, ctx.actor, body.shop_id);
  await checkServiceRefs(ctx.db, shopId, body);
  return writeAudited(ctx, { action: 'create', entity: 'service', shopId, read: (db, id) => oneService(db, shopId, id) }, async (trx) => {
    const id = await createService(trx, {
      shopId,
      categoryId: body.category_id,
      name: body.name,
      description: body.description,
      priceCents: euroToCents(body.price),
      duration: body.duration,
      paddingAfter: body.padding_after,
      showPrice: body.show_price,
      bookingCancellations: body.booking_cancellations,
      sortOrder: body.sort_order,
    });
    if (!body.active) await repo.updateService(trx, id, { active: 0 });
    await repo.setServiceStaff(trx, id, [...new Set(body.staff_ids)]);
    return id;
  });
}

/**
 * Rewrites a service. Booked reservations keep their times: a new duration or padding applies to
 * bookings made from now on (the stored `end_at`/`busy_until` of earlier ones do not move).
 */
export async function editService(ctx: ActorContext, id: number, body: ServiceBody, shop?: number): Promise<AdminService> {
  return changeInShop(ctx, shop, id, { action: 'update', entity: 'service', read: oneService, check: (shopId) => checkServiceRefs(ctx.db, shopId, body) }, async (trx) => {
    await repo.updateService(trx, id, {
      category_id: body.category_id,
      name: body.name,
      description: sanitizeRichText(body.description),
      price_cents: euroToCents(body.price),
      duration: body.duration,
      padding_after: body.padding_after,
      show_price: body.show_price ? 1 : 0,
      booking_cancellations: body.booking_cancellations,
      sort_order: body.sort_order,
      active: body.active ? 1 : 0,
      updated_at: nowIso(),
    });
    await repo.setServiceStaff(trx, id, [...new Set(body.staff_ids)]);
  });
}

/** Withdraws a service: no new bookings, existing reservations untouched. */
export async function withdrawService(ctx: ActorContext, id: number, shop?: number): Promise<AdminService> {
  return changeInShop(ctx, shop, id, { action: 'withdraw', entity: 'service', read: oneService }, async (trx) => {
    await repo.updateService(trx, id, { active: 0, updated_at: nowIso() });
  });
}

// --- Categories ------------------------------------------------------------------------------------

type CategoryRow = Awaited<ReturnType<typeof repo.listCategories>>[number];
const toCategory = (r: CategoryRow): AdminServiceCategory => ({
  id: r.id,
  name: r.name,
  description: r.description,
  sort_order: r.sort_order,
  services_count: Number(r.services_count ?? 0),
  groups_count: Number(r.groups_count ?? 0),
  shop_services_count: Number(r.shop_services_count ?? 0),
});

async function oneCategory(db: Db, shopId: number, id: number): Promise<AdminServiceCategory> {
  const row = await repo.findCategory(db, shopId, id);
  if (!row) throw notFound(messages.reservations.categoryNotFound);
  return toCategory(row);
}

export async function listCategories(ctx: ActorContext, shop?: number): Promise<AdminServiceCategory[]> {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  return (await repo.listCategories(ctx.db, shopId)).map(toCategory);
}

export async function addCategory(
  ctx: ActorContext,
  body: z.output<typeof AdminServiceCategoryBodySchema>,
): Promise<AdminServiceCategory> {
  const shopId = await shopScope(ctx.db, ctx.actor, body.shop_id);
  return writeAudited(ctx, { action: 'create', entity: 'service-category', shopId, read: (db, id) => oneCategory(db, shopId, id) }, (trx) =>
    createCategory(trx, shopId, body.name, body.description, body.sort_order),
  );
}

export async function editCategory(
  ctx: ActorContext,
  id: number,
  body: z.output<typeof AdminServiceCategoryBodySchema>,
  shop?: number,
): Promise<AdminServiceCategory> {
  return changeInShop(ctx, shop, id, { action: 'update', entity: 'service-category', read: oneCategory }, async (trx) => {
    await repo.updateCategory(trx, id, { name: body.name, description: body.description, sort_order: body.sort_order });
  });
}

export async function removeCategory(ctx: ActorContext, id: number, shop?: number): Promise<void> {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await oneCategory(trx, shopId, id);
    if (before.services_count + before.groups_count + before.shop_services_count > 0) {
      throw conflict(BackofficeBookingErrorCode.CATEGORY_IN_USE, MSG.categoryInUse);
    }
    await repo.deleteCategory(trx, id);
    await audit(trx, ctx, { action: 'delete', entity: 'service-category', entityId: id, shopId, before });
  });
}

// --- Groups ----------------------------------------------------------------------------------------

type GroupRow = Awaited<ReturnType<typeof repo.listGroups>>[number];
const toGroup = (r: GroupRow): AdminServiceGroup => ({
  id: r.id,
  category_id: r.category_id,
  name: r.name,
  text: r.text,
  sort_order: r.sort_order,
  shop_services_count: Number(r.shop_services_count ?? 0),
});

async function oneGroup(db: Db, shopId: number, id: number): Promise<AdminServiceGroup> {
  const row = await repo.findGroup(db, shopId, id);
  if (!row) throw notFound(messages.reservations.serviceGroupNotFound);
  return toGroup(row);
}

type GroupBody = z.output<typeof AdminServiceGroupBodySchema>;

async function checkGroupCategory(db: Db, shopId: number, body: GroupBody): Promise<void> {
  if (body.category_id !== null && !(await repo.categoryOfShop(db, shopId, body.category_id))) {
    throw validationFailed({ category_id: [messages.reservations.categoryNotFound] });
  }
}

export async function listGroups(ctx: ActorContext, shop?: number): Promise<AdminServiceGroup[]> {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  return (await repo.listGroups(ctx.db, shopId)).map(toGroup);
}

export async function addGroup(ctx: ActorContext, body: GroupBody): Promise<AdminServiceGroup> {
  const shopId = await shopScope(ctx.db, ctx.actor, body.shop_id);
  await checkGroupCategory(ctx.db, shopId, body);
  return writeAudited(ctx, { action: 'create', entity: 'service-group', shopId, read: (db, id) => oneGroup(db, shopId, id) }, async (trx) => {
    const id = await createGroup(trx, shopId, body.category_id, body.name, body.text);
    if (body.sort_order !== 0) await repo.updateGroup(trx, id, { sort_order: body.sort_order });
    return id;
  });
}

export async function editGroup(ctx: ActorContext, id: number, body: GroupBody, shop?: number): Promise<AdminServiceGroup> {
  return changeInShop(ctx, shop, id, { action: 'update', entity: 'service-group', read: oneGroup, check: (shopId) => checkGroupCategory(ctx.db, shopId, body) }, async (trx) => {
    await repo.updateGroup(trx, id, { category_id: body.category_id, name: body.name, text: sanitizeRichText(body.text), sort_order: body.sort_order });
  });
}

export async function removeGroup(ctx: ActorContext, id: number, shop?: number): Promise<void> {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await oneGroup(trx, shopId, id);
    if (before.shop_services_count > 0) throw conflict(BackofficeBookingErrorCode.GROUP_IN_USE, MSG.groupInUse);
    await repo.deleteGroup(trx, id);
    await audit(trx, ctx, { action: 'delete', entity: 'service-group', entityId: id, shopId, before });
  });
}
