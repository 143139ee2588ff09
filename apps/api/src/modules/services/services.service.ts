import {
  infoRequestNeedsHealthConsent,
  type CategoryServicesResponse,
  centsToEuro,
  fillMessage,
  messages,
  type Service,
  type ServiceCategory,
  type ServiceGroup,
  type ShopService,
} from '@farmacia/contract';
import { nowIso } from '../../db/column.js';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import { assertHealthConsent } from '../health-data/index.js';
import { alertStaff, infoRequestAlert } from '../staff-alerts/index.js';
import { notifyUser } from '../notifications/index.js';
import { getProfile } from '../accounts/index.js';
import { encryptNote } from '../bookings/index.js';
import { sanitizeRichText } from './rich-text.js';
import * as repo from './services.repository.js';
import type { ServiceCategoryRow, ServiceRow } from './services.table.js';
import type { ServiceGroupRow, ShopServiceRow } from './shop-services.table.js';
import type { ServiceContext } from '../../context.js';

/** Row → wire shapes of spec §3 (cents → euro, 0/1 → boolean). */
export function toService(row: ServiceRow): Service {
  return {
    id: row.id,
    category_id: row.category_id,
    name: row.name,
    description: row.description,
    price: centsToEuro(row.price_cents),
    duration: row.duration,
    padding_after: row.padding_after,
    show_price: row.show_price === 1,
    booking_cancellations: row.booking_cancellations,
  };
}

export function toShopService(row: ShopServiceRow): ShopService {
  return {
    id: row.id,
    category_id: row.category_id,
    group_id: row.group_id,
    name: row.name,
    description: row.description,
    price: row.price_cents === null ? null : centsToEuro(row.price_cents),
  };
}

function toGroup(row: ServiceGroupRow, shopServices: ShopServiceRow[]): ServiceGroup {
  return {
    id: row.id,
    category_id: row.category_id,
    name: row.name,
    text: row.text,
    shopService: shopServices.map(toShopService),
  };
}

function toCategory(row: ServiceCategoryRow, counts: Awaited<ReturnType<typeof repo.countsByCategory>>): ServiceCategory {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    services_count: counts.services.get(row.id) ?? 0,
    shop_services_count: counts.shopServices.get(row.id) ?? 0,
  };
}

/** 'Prenota un Servizio': the shop's service categories. */
export async function listCategories(db: Db, shopId: number): Promise<ServiceCategory[]> {
  const [rows, counts] = await Promise.all([repo.listCategories(db, shopId), repo.countsByCategory(db, shopId)]);
  return rows.map((row) => toCategory(row, counts));
}

/** A category with its bookable services, its shop services and its groups of shop services. */
export async function categoryServices(db: Db, categoryId: number): Promise<CategoryServicesResponse> {
  const category = await repo.findCategory(db, categoryId);
  if (!category) throw notFound(messages.reservations.categoryNotFound);
  const [counts, services, shopServices, groups] = await Promise.all([
    repo.countsByCategory(db, category.shop_id),
    repo.listServicesOfCategory(db, category.id),
    repo.listShopServices(db, { shopId: category.shop_id, categoryId: category.id }),
    repo.listGroups(db, category.shop_id, category.id),
  ]);
  const groupMembers = await Promise.all(groups.map((g) => repo.listShopServices(db, { shopId: g.shop_id, groupId: g.id })));
  return {
    category: toCategory(category, counts),
    data: {
      services: services.map(toService),
      // Shop services in a group are reached through their group.
      shop_service: shopServices.filter((s) => s.group_id === null).map(toShopService),
      service_groups: groups.map((g, i) => toGroup(g, groupMembers[i] ?? [])),
    },
  };
}

/** An active service row, or 404. Used by the reservations and events modules too. */
export async function getServiceRow(db: Db, id: number): Promise<ServiceRow> {
  const row = await repo.findActiveService(db, id);
  if (!row) throw notFound(messages.reservations.serviceNotFound);
  return row;
}

export async function getService(db: Db, id: number): Promise<Service> {
  return toService(await getServiceRow(db, id));
}

/** Active services among `ids` (events list their services this way). */
export async function findServices(db: Db, ids: readonly number[]): Promise<ServiceRow[]> {
  return repo.findActiveServices(db, ids);
}

/** Service rows by id, active or not, keyed by id (reservations list their services this way). */
export async function serviceRowsById(db: Db, ids: readonly number[]): Promise<Map<number, ServiceRow>> {
  return new Map((await repo.findServicesByIds(db, [...new Set(ids)])).map((s) => [s.id, s]));
}

/** Shop services of a category (404 when the category does not exist). */
export async function shopServicesOfCategory(db: Db, categoryId: number): Promise<ShopService[]> {
  const category = await repo.findCategory(db, categoryId);
  if (!category) throw notFound(messages.reservations.categoryNotFound);
  const rows = await repo.listShopServices(db, { shopId: category.shop_id, categoryId: category.id });
  return rows.map(toShopService);
}

export async function listShopServices(db: Db, shopId: number, categoryId?: number): Promise<ShopService[]> {
  const rows = await repo.listShopServices(db, categoryId === undefined ? { shopId } : { shopId, categoryId });
  return rows.map(toShopService);
}

export async function getShopService(db: Db, id: number): Promise<ShopService> {
  const row = await repo.findActiveShopService(db, id);
  if (!row) throw notFound(messages.reservations.serviceNotFound);
  return toShopService(row);
}

export async function getGroup(db: Db, id: number): Promise<ServiceGroup> {
  const row = await repo.findGroup(db, id);
  if (!row) throw notFound(messages.reservations.serviceGroupNotFound);
  return toGroup(row, await repo.listShopServices(db, { shopId: row.shop_id, groupId: row.id }));
}

export interface InfoRequestInput {
  userId: number;
  shopServiceId: number;
  shopServiceName: string | undefined;
  note: string | undefined;
}

/**
 * A customer asks about a shop service (POST /shopservices): stored for the pharmacists of the
 * service's shop with the note encrypted, and acknowledged to the customer on the channels they
 * enabled (notifyUser), in one transaction. The answer carries the note as written and the text
 * to show.
 */
export async function requestInformation(ctx: ServiceContext, input: InfoRequestInput) {
  if (infoRequestNeedsHealthConsent(input.note)) await assertHealthConsent(ctx, input.userId);
  const service = await repo.findActiveShopService(ctx.db, input.shopServiceId);
  if (!service) throw notFound(messages.reservations.serviceNotFound);
  const profile = await getProfile(ctx, input.userId);
  const shop = await ctx.db.selectFrom('shops').select('name').where('id', '=', service.shop_id).executeTakeFirst();
  const text = fillMessage(messages.reservations.mailInfoRequestText, {
    name: profile.name,
    service: service.name,
    phone: profile.phone_number ?? '',
    shop: shop?.name ?? '',
  });
  const row = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await repo.insertShopServiceRequest(trx, {
      shop_id: service.shop_id,
      user_id: input.userId,
      shop_service_id: service.id,
      shop_service_name: input.shopServiceName || service.name,
      note: encryptNote(ctx.config.fileEncryptionKey, input.note),
      created_at: nowIso(),
      handled_at: null,
    });
    const subject = fillMessage(messages.reservations.mailInfoRequestSubject, { service: service.name });
    await notifyUser(trx, input.userId, { title: subject, body: messages.request.sent, url: '/app/services', email: { subject, text } });
    await alertStaff(trx, ctx.config.publicUrl, service.shop_id, infoRequestAlert(inserted, service.name));
    return inserted;
  });
  return {
    data: {
      id: row.id,
      shop_service_id: row.shop_service_id,
      shop_service_name: row.shop_service_name,
      note: input.note ?? null,
      created_at: row.created_at,
    },
    message: messages.request.sent,
  };
}

// --- Writes (demo seed, back office): descriptions are sanitized here, on write ----------------

export interface NewService {
  shopId: number;
  categoryId: number | null;
  name: string;
  description: string;
  priceCents: number;
  duration: number;
  paddingAfter: number;
  showPrice: boolean;
  bookingCancellations: number;
  sortOrder?: number;
}

export function createCategory(db: Db, shopId: number, name: string, description: string | null, sortOrder = 0) {
  return repo.insertCategory(db, { shop_id: shopId, name, description, sort_order: sortOrder, created_at: nowIso() });
}

export function createService(db: Db, s: NewService): Promise<number> {
  const at = nowIso();
  return repo.insertService(db, {
    shop_id: s.shopId,
    category_id: s.categoryId,
    name: s.name,
    description: sanitizeRichText(s.description),
    price_cents: s.priceCents,
    duration: s.duration,
    padding_after: s.paddingAfter,
    show_price: s.showPrice ? 1 : 0,
    booking_cancellations: s.bookingCancellations,
    active: 1,
    sort_order: s.sortOrder ?? 0,
    created_at: at,
    updated_at: at,
  });
}

export function createGroup(db: Db, shopId: number, categoryId: number | null, name: string, text: string) {
  return repo.insertGroup(db, {
    shop_id: shopId,
    category_id: categoryId,
    name,
    text: sanitizeRichText(text),
    created_at: nowIso(),
  });
}

export function createShopService(
  db: Db,
  s: { shopId: number; categoryId: number | null; groupId: number | null; name: string; description: string; priceCents: number | null },
) {
  const at = nowIso();
  return repo.insertShopService(db, {
    shop_id: s.shopId,
    category_id: s.categoryId,
    group_id: s.groupId,
    name: s.name,
    description: sanitizeRichText(s.description),
    price_cents: s.priceCents,
    active: 1,
    created_at: at,
    updated_at: at,
  });
}
