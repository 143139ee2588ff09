import type { Executor } from '../../db/database.js';
import type { StaffAlertSettingsRow } from './staff-alerts.table.js';

/**
 * The back office's push subscriptions live with the customers' (notification_settings, so the
 * outbox's push sender finds them) under a device key no app can send: ':' is outside the
 * contract's DeviceIdSchema, so a customer device never collides with a staff one.
 */
export const STAFF_DEVICE_PREFIX = 'staff:';
export const staffDevice = (device: string) => `${STAFF_DEVICE_PREFIX}${device}`;

export function findSettings(db: Executor, shopId: number): Promise<StaffAlertSettingsRow | undefined> {
  return db.selectFrom('staff_alert_settings').selectAll().where('shop_id', '=', shopId).executeTakeFirst();
}

export async function upsertSettings(db: Executor, row: StaffAlertSettingsRow): Promise<void> {
  const { shop_id: _shop, ...changes } = row;
  await db
    .insertInto('staff_alert_settings')
    .values(row)
    .onConflict((oc) => oc.column('shop_id').doUpdateSet(changes))
    .execute();
}

export function findShopContact(db: Executor, shopId: number): Promise<{ name: string; email: string | null } | undefined> {
  return db.selectFrom('shops').select(['name', 'email']).where('id', '=', shopId).executeTakeFirst();
}

/** The shop's active staff (pharmacists and admins whose shop it is, accounts not deleted). */
export function activeStaff(db: Executor, shopId: number): Promise<Array<{ id: number; email: string }>> {
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('shop_id', '=', shopId)
    .where('role', 'in', ['pharmacist', 'admin'])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** Endpoints of the back-office browsers where the shop's active staff turned alerts on. */
export async function staffPushEndpoints(db: Executor, shopId: number, userIds?: number[]): Promise<string[]> {
  let query = db
    .selectFrom('notification_settings')
    .innerJoin('users', 'users.id', 'notification_settings.user_id')
    .select('notification_settings.endpoint')
    .where('users.shop_id', '=', shopId)
    .where('users.role', 'in', ['pharmacist', 'admin'])
    .where('users.deleted_at', 'is', null)
    .where('notification_settings.type', '=', 'push')
    .where('notification_settings.active', '=', 1)
    .where('notification_settings.device', 'like', `${STAFF_DEVICE_PREFIX}%`)
    .where('notification_settings.endpoint', 'is not', null)
    .orderBy('notification_settings.id');
  if (userIds) query = query.where('users.id', 'in', userIds.length > 0 ? userIds : [-1]);
  const rows = await query.execute();
  return rows.flatMap((r) => (r.endpoint ? [r.endpoint] : []));
}

/** Orders still in their first status, of shops whose escalation is on, older than the shop's delay. */
export function waitingOrders(db: Executor, createdBefore: string) {
  return db
    .selectFrom('orders')
    .innerJoin('staff_alert_settings as s', 's.shop_id', 'orders.shop_id')
    .leftJoin('staff_alert_escalations as e', 'e.order_id', 'orders.id')
    .select(['orders.id', 'orders.shop_id', 'orders.created_at', 's.escalation_minutes'])
    .where('orders.status', '=', 'created')
    .where('s.escalation_enabled', '=', 1)
    .where('e.order_id', 'is', null)
    .where('orders.created_at', '<=', createdBefore)
    .orderBy('orders.id')
    .limit(500)
    .execute();
}

/**
 * Claims an order's escalation: true for exactly one caller, however many instances run it at
 * once (the primary key refuses the second insert; on PostgreSQL the second waits for the first
 * transaction and then finds the row).
 */
export async function claimEscalation(db: Executor, orderId: number, shopId: number, at: string): Promise<boolean> {
  const result = await db
    .insertInto('staff_alert_escalations')
    .values({ order_id: orderId, shop_id: shopId, queued_at: at })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
