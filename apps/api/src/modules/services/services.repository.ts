import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ServiceCategoryRow, ServiceRow, ServiceTable } from './services.table.js';
import type {
  ServiceGroupRow,
  ServiceGroupTable,
  ShopServiceRequestTable,
  ShopServiceRow,
  ShopServiceTable,
} from './shop-services.table.js';

/** Queries of the services module (categories, services, groups, shop services, requests). */

export function listCategories(db: Db, shopId: number): Promise<ServiceCategoryRow[]> {
  return db
    .selectFrom('service_categories')
    .selectAll()
    .where('shop_id', '=', shopId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export function findCategory(db: Db, id: number): Promise<ServiceCategoryRow | undefined> {
  return db.selectFrom('service_categories').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Active services and shop services per category of a shop. */
export async function countsByCategory(
  db: Db,
  shopId: number,
): Promise<{ services: Map<number, number>; shopServices: Map<number, number> }> {
  // Both tables have the same shop, active and category columns: one query, run on each.
  const activePerCategory = (table: 'services' | 'shop_services') =>
    db
      .selectFrom(table)
      .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('shop_id', '=', shopId)
      .where('active', '=', 1)
      .where('category_id', 'is not', null)
      .groupBy('category_id')
      .execute();
  const [services, shopServices] = await Promise.all([activePerCategory('services'), activePerCategory('shop_services')]);
  const toMap = (rows: { category_id: number | null; n: number | string }[]) =>
    new Map(rows.map((r) => [r.category_id as number, Number(r.n)]));
  return { services: toMap(services), shopServices: toMap(shopServices) };
}

export function listServicesOfCategory(db: Db, categoryId: number): Promise<ServiceRow[]> {
  return db
    .selectFrom('services')
    .selectAll()
    .where('category_id', '=', categoryId)
    .where('active', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export function findActiveService(db: Db, id: number): Promise<ServiceRow | undefined> {
  return db.selectFrom('services').selectAll().where('id', '=', id).where('active', '=', 1).executeTakeFirst();
}

export function findActiveServices(db: Db, ids: readonly number[]): Promise<ServiceRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('services')
    .selectAll()
    .where('id', 'in', [...ids])
    .where('active', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** Services by id whatever their state (a reservation keeps showing a service since withdrawn). */
export function findServicesByIds(db: Db, ids: readonly number[]): Promise<ServiceRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('services').selectAll().where('id', 'in', [...ids]).execute();
}

export function listShopServices(
  db: Db,
  filter: { shopId: number; categoryId?: number; groupId?: number },
): Promise<ShopServiceRow[]> {
  let q = db.selectFrom('shop_services').selectAll().where('shop_id', '=', filter.shopId).where('active', '=', 1);
  if (filter.categoryId !== undefined) q = q.where('category_id', '=', filter.categoryId);
  if (filter.groupId !== undefined) q = q.where('group_id', '=', filter.groupId);
  return q.orderBy('sort_order').orderBy('id').execute();
}

export function findActiveShopService(db: Db, id: number): Promise<ShopServiceRow | undefined> {
  return db.selectFrom('shop_services').selectAll().where('id', '=', id).where('active', '=', 1).executeTakeFirst();
}

export function listGroups(db: Db, shopId: number, categoryId: number): Promise<ServiceGroupRow[]> {
  const inCategory = db.selectFrom('service_groups').selectAll().where('shop_id', '=', shopId).where('category_id', '=', categoryId);
  return inCategory.orderBy('sort_order').orderBy('id').execute();
}

export function findGroup(db: Db, id: number): Promise<ServiceGroupRow | undefined> {
  return db.selectFrom('service_groups').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertShopServiceRequest(db: Db, row: Insertable<ShopServiceRequestTable>) {
  return db.insertInto('shop_service_requests').values(row).returningAll().executeTakeFirstOrThrow();
}

// --- Writes used by the demo seed and the back office -------------------------------------------

export async function insertCategory(db: Db, row: { shop_id: number; name: string; description: string | null; sort_order: number; created_at: string }) {
  return (await db.insertInto('service_categories').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertService(db: Db, row: Insertable<ServiceTable>): Promise<number> {
  return (await db.insertInto('services').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertGroup(db: Db, row: Insertable<ServiceGroupTable>): Promise<number> {
  return (await db.insertInto('service_groups').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertShopService(db: Db, row: Insertable<ShopServiceTable>): Promise<number> {
  return (await db.insertInto('shop_services').values(row).returning('id').executeTakeFirstOrThrow()).id;
}
