import {
  messages,
  type NotificationEnableBody,
  type NotificationType,
  type NotificationEnableBodySchema,
  notificationToggledMessage,
} from '@farmacia/contract';
import type { z } from 'zod';
import { nowIso } from '../../db/column.js';
import { validationFailed } from '../../errors.js';
import { enqueue, enqueueEmail } from '../../notify/outbox.js';
import { hasValidPushKeys, isAllowedPushEndpoint, type PushNotificationPayload } from '../../notify/push.js';
import type { Executor } from '../../db/database.js';
import * as repo from './notifications.repository.js';

/**
 * Email and sms are settings of the account (one address, one phone), kept under this device
 * key whatever device the app names; push is per device, because each browser has its own
 * subscription (decision 0241).
 */
export const ACCOUNT_DEVICE = '*';

/** Channels a customer gets when they never touched the setting: transactional email only. */
const DEFAULT_ACTIVE: Record<NotificationType, boolean> = { email: true, sms: false, push: false };

/** Longest SMS text we send: two concatenated segments. */
const SMS_MAX_LENGTH = 306;

export interface NotificationSettingsOptions {
  /** Accept http:// and local push endpoints (tests, local push services). */
  allowInsecurePushEndpoints: boolean;
}

/** Whether a channel is on: for push on one device, or (no device) on any of the user's devices. */
export async function isActive(
  db: Executor,
  userId: number,
  type: NotificationType,
  device: string | undefined,
): Promise<boolean> {
  if (type !== 'push') {
    const row = await repo.findSetting(db, userId, type, ACCOUNT_DEVICE);
    return row ? row.active === 1 : DEFAULT_ACTIVE[type];
  }
  if (device === undefined) return repo.hasActiveSetting(db, userId, 'push');
  const row = await repo.findSetting(db, userId, 'push', device);
  return row?.active === 1;
}

type EnableBody = z.output<typeof NotificationEnableBodySchema>;

/**
 * Turns a channel on. Push stores the device's subscription after checking it can be used
 * (an HTTPS push service, a P-256 key and a 16-byte secret); sms needs a phone in the profile.
 * Returns the subscription endpoint when push was enabled, so the caller can greet the device.
 */
export async function enable(
  db: Executor,
  userId: number,
  type: NotificationType,
  device: string,
  body: EnableBody,
  options: NotificationSettingsOptions,
): Promise<void> {
  if (body.type !== type) throw validationFailed({ type: [messages.notifications.typeMismatch] });
  const at = nowIso();
  if (type === 'push') {
    const sub = body.token;
    if (
      !sub ||
      !isAllowedPushEndpoint(sub.endpoint, options.allowInsecurePushEndpoints) ||
      !hasValidPushKeys({ endpoint: sub.endpoint, keys: sub.keys })
    ) {
      throw validationFailed({ token: [messages.notifications.pushGenericProblem] });
    }
    const subscription = JSON.stringify({ endpoint: sub.endpoint, expirationTime: sub.expirationTime ?? null, keys: sub.keys });
    await repo.deletePushEndpointElsewhere(db, sub.endpoint, { userId, device });
    await repo.upsertSetting(db, { user_id: userId, type, device, active: 1, subscription, endpoint: sub.endpoint, at });
    return;
  }
  if (type === 'sms') {
    const user = await repo.findRecipient(db, userId);
    if (!user?.phone_number) throw validationFailed({ type: [messages.notifications.smsNeedsPhone] });
  }
  await repo.upsertSetting(db, { user_id: userId, type, device: ACCOUNT_DEVICE, active: 1, subscription: null, endpoint: null, at });
}

/** Turns a channel off; push forgets the device's subscription. */
export async function disable(db: Executor, userId: number, type: NotificationType, device: string): Promise<void> {
  await repo.upsertSetting(db, {
    user_id: userId,
    type,
    device: type === 'push' ? device : ACCOUNT_DEVICE,
    active: 0,
    subscription: null,
    endpoint: null,
    at: nowIso(),
  });
}

/** What to tell the user, in the app's channels. */
export interface UserNotification {
  title: string;
  body: string;
  /** App path opened by a tap on the push notification (e.g. /app/orders/12). */
  url?: string;
  /** Replaces an earlier notification with the same tag on the device (e.g. 'order-12'). */
  tag?: string;
  /** The email version; sent only when given and the user's email notifications are on. */
  email?: { subject: string; text: string; html?: string };
}

export interface NotifyResult {
  push: number;
  sms: boolean;
  email: boolean;
}

/**
 * Queues a notification on every channel the user has enabled: one push per subscribed device,
 * an sms when sms is on and a phone is known, the email when given and email is on (the default).
 * Pass the caller's transaction as `db`: the messages exist exactly when the change is committed.
 * A deleted account gets nothing.
 */
export async function notifyUser(db: Executor, userId: number, notification: UserNotification): Promise<NotifyResult> {
  const result: NotifyResult = { push: 0, sms: false, email: false };
  const user = await repo.findRecipient(db, userId);
  if (!user) return result;
  const payload: PushNotificationPayload = {
    title: notification.title,
    body: notification.body,
    ...(notification.url ? { url: notification.url } : {}),
    ...(notification.tag ? { tag: notification.tag } : {}),
  };
  for (const row of await repo.activePushSubscriptions(db, userId)) {
    if (!row.endpoint) continue;
    await enqueue(db, { channel: 'push', recipient: row.endpoint, payload });
    result.push++;
  }
  if (user.phone_number && (await isActive(db, userId, 'sms', undefined))) {
    const text = `${notification.title}: ${notification.body}`;
    await enqueue(db, {
      channel: 'sms',
      recipient: `+39${user.phone_number}`,
      text: text.length > SMS_MAX_LENGTH ? `${text.slice(0, SMS_MAX_LENGTH - 1)}…` : text,
    });
    result.sms = true;
  }
  if (notification.email && (await isActive(db, userId, 'email', undefined))) {
    await enqueueEmail(db, { to: user.email, ...notification.email });
    result.email = true;
  }
  return result;
}

/** The first push a device receives, right after it subscribed: proves the channel works end to end. */
export async function greetPushDevice(db: Executor, userId: number, endpoint: string, url = '/app/settings'): Promise<void> {
  const payload: PushNotificationPayload = {
    title: (await repo.findShopNameOfUser(db, userId)) ?? messages.shopDocument.shopFallbackName,
    body: notificationToggledMessage('push', true),
    url,
    tag: 'push-enabled',
  };
  await enqueue(db, { channel: 'push', recipient: endpoint, payload });
}

export type { NotificationEnableBody };

/** The active push setting that owns this endpoint (the newest), which the outbox delivers to. */
export function activePushOfEndpoint(db: Executor, endpoint: string) {
  return repo.findActivePushByEndpoint(db, endpoint);
}

/** Forgets a push endpoint the push service reports gone; answers how many settings held it. */
export function forgetPushEndpoint(db: Executor, endpoint: string): Promise<number> {
  return repo.deletePushByEndpoint(db, endpoint);
}
