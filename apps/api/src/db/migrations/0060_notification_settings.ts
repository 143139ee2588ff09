import { type Kysely, sql } from 'kysely';
import { dropTables, index, ownedByUser, required, requiredTexts, tableWithId, timestamps, uniqueIndex } from '../column.js';

/**
 * Notification settings per user, channel and device (spec §3 Notification setting). A push row
 * holds the browser's subscription (endpoint and keys); email and sms rows only a flag.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'notification_settings')
    .$call(ownedByUser)
    .$call(requiredTexts('type', 'device'))
    .addColumn('active', 'integer', required)
    /** Push only: PushSubscription JSON (endpoint, keys.p256dh, keys.auth). */
    .addColumn('subscription', 'text')
    /** Push only: the subscription endpoint, to prune it when the push service says it is gone. */
    .addColumn('endpoint', 'text')
    .$call(timestamps)
    .addCheckConstraint('notification_settings_type_check', sql`type in ('push', 'email', 'sms')`)
    .execute();
  await uniqueIndex(db, 'notification_settings_user_type_device', 'notification_settings', ['user_id', 'type', 'device']);
  await index(db, 'notification_settings_endpoint', 'notification_settings', ['endpoint']);
}

export const down = dropTables('notification_settings');
