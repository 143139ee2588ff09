import { type Kysely, sql } from 'kysely';
import { engineOf, withId } from '../column.js';

/**
 * Notification settings per user, channel and device (spec §3 Notification setting). A push row
 * holds the browser's subscription (endpoint and keys); email and sms rows only a flag.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('notification_settings'), engineOf(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    /** Push only: PushSubscription JSON (endpoint, keys.p256dh, keys.auth). */
    .addColumn('subscription', 'text')
    /** Push only: the subscription endpoint, to prune it when the push service says it is gone. */
    .addColumn('endpoint', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('notification_settings_type_check', sql`type in ('push', 'email', 'sms')`)
    .execute();
  await db.schema
    .createIndex('notification_settings_user_type_device')
    .on('notification_settings')
    .columns(['user_id', 'type', 'device'])
    .unique()
    .execute();
  await db.schema.createIndex('notification_settings_endpoint').on('notification_settings').column('endpoint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_settings').execute();
}
