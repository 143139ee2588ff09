import type { Kysely } from 'kysely';
import { dropTables, ownedByShop, required, requiredIntegers } from '../column.js';

/**
 * Alerts to the pharmacy's staff (issue 15, decision 0420): the shop's settings (alert address,
 * which events alert, escalation delay) and one row per escalated order, whose primary key makes
 * the reminder happen once even with several instances running the scheduler.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_alert_settings')
    .addColumn('shop_id', 'integer', (c) => c.primaryKey().references('shops.id').onDelete('cascade'))
    .addColumn('email', 'text')
    /** JSON text: `{ order, booking, bookingCancelled, infoRequest }` booleans. */
    .addColumn('events', 'text', required)
    .$call(requiredIntegers('escalation_enabled', 'escalation_minutes'))
    .addColumn('updated_at', 'text', required)
    .execute();
  await db.schema
    .createTable('staff_alert_escalations')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .$call(ownedByShop)
    .addColumn('queued_at', 'text', required)
    .execute();
}

export const down = dropTables('staff_alert_escalations', 'staff_alert_settings');
