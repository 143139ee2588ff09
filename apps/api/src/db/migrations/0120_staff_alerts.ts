import type { Kysely } from 'kysely';

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
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('escalation_enabled', 'integer', (c) => c.notNull())
    .addColumn('escalation_minutes', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('staff_alert_escalations')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('queued_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_alert_escalations').execute();
  await db.schema.dropTable('staff_alert_settings').execute();
}
