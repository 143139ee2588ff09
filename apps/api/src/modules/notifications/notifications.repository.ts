import type { Executor } from '../../db/database.js';
import { findRow } from '../../db/row-queries.js';
import type { NotificationChannel, NotificationSettingRow, NotificationSettingTable } from './notifications.table.js';

export function findSetting(
  db: Executor,
  userId: number,
  type: NotificationChannel,
  device: string,
): Promise<NotificationSettingRow | undefined> {
  return findRow(db, 'notification_settings', { user_id: userId, type, device });
}

export async function hasActiveSetting(db: Executor, userId: number, type: NotificationChannel): Promise<boolean> {
  return (await findRow(db, 'notification_settings', { user_id: userId, type, active: 1 })) !== undefined;
}

export function listSettings(db: Executor, userId: number): Promise<NotificationSettingRow[]> {
  return db.selectFrom('notification_settings').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function upsertSetting(
  db: Executor,
  row: Pick<NotificationSettingTable, 'user_id' | 'type' | 'device' | 'active' | 'subscription' | 'endpoint'> & { at: string },
): Promise<void> {
  await db
    .insertInto('notification_settings')
    .values({
      user_id: row.user_id,
      type: row.type,
      device: row.device,
      active: row.active,
      subscription: row.subscription,
      endpoint: row.endpoint,
      created_at: row.at,
      updated_at: row.at,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'type', 'device']).doUpdateSet({
        active: row.active,
        subscription: row.subscription,
        endpoint: row.endpoint,
        updated_at: row.at,
      }),
    )
    .execute();
}

/** Push rows of other users or devices holding this endpoint: one browser, one owner. */
export async function deletePushEndpointElsewhere(
  db: Executor,
  endpoint: string,
  keep: { userId: number; device: string },
): Promise<void> {
  await db
    .deleteFrom('notification_settings')
    .where('type', '=', 'push')
    .where('endpoint', '=', endpoint)
    .where((eb) => eb.or([eb('user_id', '!=', keep.userId), eb('device', '!=', keep.device)]))
    .execute();
}

export async function deletePushByEndpoint(db: Executor, endpoint: string): Promise<number> {
  const result = await db
    .deleteFrom('notification_settings')
    .where('type', '=', 'push')
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function activePushSubscriptions(db: Executor, userId: number): Promise<NotificationSettingRow[]> {
  return db
    .selectFrom('notification_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', '=', 'push')
    .where('active', '=', 1)
    .where('endpoint', 'is not', null)
    // A pharmacist's back-office browsers get the shop's alerts only (staff-alerts module).
    .where('device', 'not like', 'staff:%')
    .orderBy('id')
    .execute();
}

export function findActivePushByEndpoint(db: Executor, endpoint: string): Promise<NotificationSettingRow | undefined> {
  return db
    .selectFrom('notification_settings')
    .selectAll()
    .where('type', '=', 'push')
    .where('active', '=', 1)
    .where('endpoint', '=', endpoint)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The contact facts a message needs; deleted accounts get nothing. */
export function findRecipient(
  db: Executor,
  userId: number,
): Promise<{ id: number; name: string; email: string; phone_number: string | null } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'phone_number'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The name of the user's associated shop, the sender shown on a notification. */
export async function findShopNameOfUser(db: Executor, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .innerJoin('shops', 'shops.id', 'users.shop_id')
    .select('shops.name')
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return row?.name;
}
