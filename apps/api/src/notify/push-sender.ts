import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { activePushOfEndpoint, forgetPushEndpoint } from '../modules/notifications/index.js';
import { PermanentDeliveryError, type ChannelSender } from './outbox.js';
import type { OutboxRow } from './outbox.table.js';
import { type PushNotificationPayload, type PushSubscriptionJson, sendWebPush, type VapidKeys } from './push.js';

/**
 * The outbox's 'push' channel. The message names the subscription by its endpoint; the keys are
 * read at delivery time, so a device that turned push off (or an erased account) gets nothing.
 * A subscription the push service reports gone (404/410) is deleted and the message dropped.
 */
export function createPushSender(db: Db, keys: VapidKeys, log: FastifyBaseLogger): ChannelSender {
  return async (row: OutboxRow) => {
    const setting = await activePushOfEndpoint(db, row.recipient);
    if (!setting?.subscription) throw new PermanentDeliveryError('push subscription no longer active');
    const subscription = JSON.parse(setting.subscription) as PushSubscriptionJson;
    const payload = JSON.parse(row.payload ?? '{}') as PushNotificationPayload;
    const result = await sendWebPush(keys, subscription, payload);
    if (result.ok) return;
    if (result.gone) {
      const pruned = await forgetPushEndpoint(db, row.recipient);
      log.info({ outboxId: row.id, status: result.status, pruned }, 'expired push subscription pruned');
      throw new PermanentDeliveryError(`push subscription gone (${result.status ?? 'invalid keys'})`);
    }
    throw new Error(result.error);
  };
}
