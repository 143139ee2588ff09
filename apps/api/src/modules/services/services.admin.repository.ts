import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ServiceTable } from './services.table.js';
import type { ServiceGroupTable, ShopServiceTable } from './shop-services.table.js';

/**
 * Back-office reads and writes of services, categories, groups and shop services (every query
 * takes the shop: a row of another shop is simply not found). Inserts go through the module's own
 * services (createService, createCategory…), so sanitizing and defaults stay there.
 */

// --- Services --------------------------------------------------------------------------------------

export function listServices(db: Db, shopId: number) {
  return db.selectFrom('services').selectAll().where('shop_id', '=', shopId).orderBy('sort_order').orderBy('name').orderBy('id').execute();
}

export function findService(db: Db, shopId: number, id: number) {
  return db.selectFrom('services').selectAll().where('id', '=', id).where('shop_id', '=', shopId).executeTakeFirst();
}

export async function updateService(db: Db, id: number, values: Updateable<ServiceTable>): Promise<void> {
  await db.updateTable('services').set(values).where('id', '=', id).execute();
}

export function staffOfServices(db: Db, serviceIds: readonly number[]) {
  if (serviceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('staff_services')
    .select(['service_id', 'staff_id'])
    .where('service_id', 'in', [...serviceIds])
    .orderBy('staff_id')
    .execute();
}

/** Replaces who performs a service; the staff ids are already known to be of the shop. */
export async function setServiceStaff(db: Db, serviceId: number, staffIds: readonly number[]): Promise<void> {
  await db.deleteFrom('staff_services').where('service_id', '=', serviceId).execute();
  if (staffIds.length > 0) {
    await db
      .insertInto('staff_services')
      .values(staffIds.map((staff_id) => ({ staff_id, service_id: serviceId })))
      .execute();
  }
}

export async function serviceIdsOfShop(db: Db, shopId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('services').select('id').where('shop_id', '=', shopId).where('id', 'in', [...ids]).execute();
  return new Set(rows.map((r) => r.id));
}

// --- Categories and groups -------------------------------------------------------------------------

export function listCategories(db: Db, shopId: number) {
  return db
    .selectFrom('service_categories as c')
    .selectAll('c')
    .select((eb) => [
      eb.selectFrom('services as s').select((e) => e.fn.countAll<number>().as('n')).whereRef('s.category_id', '=', 'c.id').as('services_count'),
      eb.selectFrom('service_groups as g').select((e) => e.fn.countAll<number>().as('n')).whereRef('g.category_id', '=', 'c.id').as('groups_count'),
      eb
        .selectFrom('shop_services as ss')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('ss.category_id', '=', 'c.id')
        .as('shop_services_count'),
    ])
    .where('c.shop_id', '=', shopId)
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .execute();
}

export async function findCategory(db: Db, shopId: number, id: number) {
  const rows = await listCategories(db, shopId);
  return rows.find((r) => r.id === id);
}

export async function updateCategory(db: Db, id: number, values: { name: string; description: string | null; sort_order: number }): Promise<void> {
  await db.updateTable('service_categories').set(values).where('id', '=', id).execute();
}

export async function deleteCategory(db: Db, id: number): Promise<void> {
  await db.deleteFrom('service_categories').where('id', '=', id).execute();
}

export function listGroups(db: Db, shopId: number) {
  return db
    .selectFrom('service_groups as g')
    .selectAll('g')
    .select((eb) =>
      eb.selectFrom('shop_services as ss').select((e) => e.fn.countAll<number>().as('n')).whereRef('ss.group_id', '=', 'g.id').as('shop_services_count'),
    )
    .where('g.shop_id', '=', shopId)
    .orderBy('g.sort_order')
    .orderBy('g.id')
    .execute();
}

export async function findGroup(db: Db, shopId: number, id: number) {
  const rows = await listGroups(db, shopId);
  return rows.find((r) => r.id === id);
}

export async function updateGroup(db: Db, id: number, values: Updateable<ServiceGroupTable>): Promise<void> {
  await db.updateTable('service_groups').set(values).where('id', '=', id).execute();
}

export async function deleteGroup(db: Db, id: number): Promise<void> {
  await db.deleteFrom('service_groups').where('id', '=', id).execute();
}

export async function categoryOfShop(db: Db, shopId: number, id: number): Promise<boolean> {
  const row = await db.selectFrom('service_categories').select('id').where('id', '=', id).where('shop_id', '=', shopId).executeTakeFirst();
  return row !== undefined;
}

// --- Shop services ---------------------------------------------------------------------------------

export function listShopServices(db: Db, shopId: number) {
  return db.selectFrom('shop_services').selectAll().where('shop_id', '=', shopId).orderBy('sort_order').orderBy('name').orderBy('id').execute();
}

export function findShopService(db: Db, shopId: number, id: number) {
  return db.selectFrom('shop_services').selectAll().where('id', '=', id).where('shop_id', '=', shopId).executeTakeFirst();
}

export async function updateShopService(db: Db, id: number, values: Updateable<ShopServiceTable>): Promise<void> {
  await db.updateTable('shop_services').set(values).where('id', '=', id).execute();
}

export async function groupOfShop(db: Db, shopId: number, id: number): Promise<boolean> {
  const row = await db.selectFrom('service_groups').select('id').where('id', '=', id).where('shop_id', '=', shopId).executeTakeFirst();
  return row !== undefined;
}
