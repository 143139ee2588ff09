import { z } from 'zod';
import { fillMessage } from './common/messages.js';
import { notificationsMessages, validationMessages } from './common/message-groups.js';

/**
 * Notification settings (spec §2 Settings, §3 Notification setting, §4 Push notifications, §7
 * `/profile/notification/{type}[/{device}]`): email, sms and web push, each on or off per device.
 */

export const NOTIFICATION_TYPES = ['push', 'email', 'sms'] as const;
export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES, { error: validationMessages.invalid });
export type NotificationType = z.infer<typeof NotificationTypeSchema>;

/**
 * A device identifier the app generates once and keeps (email and sms settings are per account;
 * push is per device, since each browser has its own subscription).
 */
export const DeviceIdSchema = z
  .string({ error: validationMessages.invalid })
  .regex(/^[A-Za-z0-9_-]{8,128}$/, validationMessages.invalid);

/** Path params `/profile/notification/{type}/{device}` (device optional on GET). */
export const NotificationParamsSchema = z.object({ type: NotificationTypeSchema, device: DeviceIdSchema });
/** `GET /profile/notification/:type`: the path has no device, so neither do its params. */
export const NotificationGetParamsSchema = z.object({ type: NotificationTypeSchema });

/** A setting (spec §3). */
export const NotificationSettingSchema = z.object({ type: NotificationTypeSchema, active: z.boolean() });
export type NotificationSetting = z.infer<typeof NotificationSettingSchema>;

/** `GET /profile/notification/{type}[/{device}]` → `{ active }` (spec §7). */
export const NotificationStatusResponseSchema = z.object({ active: z.boolean() });
export type NotificationStatusResponse = z.infer<typeof NotificationStatusResponseSchema>;

/**
 * A Web Push subscription as `PushSubscription.toJSON()` gives it; the push "token" of spec §7.
 * It may travel as the object or as its JSON text.
 */
export const PushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: validationMessages.invalid }).max(2000, validationMessages.invalid),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().min(1, validationMessages.invalid).max(200, validationMessages.invalid),
    auth: z.string().min(1, validationMessages.invalid).max(100, validationMessages.invalid),
  }),
});
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionSchema>;

/**
 * `POST /profile/notification/{type}/{device}` body `{ type, token? }`: turns the channel on.
 * For push, `token` (the subscription) is required.
 */
export const NotificationEnableBodySchema = z
  .object({
    type: NotificationTypeSchema,
    token: z
      .preprocess((value) => {
        if (typeof value !== 'string') return value;
        try {
          return JSON.parse(value);
        } catch {
          return value;
        }
      }, PushSubscriptionSchema.nullable())
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.type === 'push' && !body.token) {
      ctx.addIssue({ code: 'custom', path: ['token'], message: notificationsMessages.pushGenericProblem });
    }
  });
export type NotificationEnableBody = z.input<typeof NotificationEnableBodySchema>;

/** 'Notifiche push attivate.' / 'Notifiche email disabilitate.' (spec §8). */
export function notificationToggledMessage(type: NotificationType, active: boolean): string {
  return fillMessage(active ? notificationsMessages.enabled : notificationsMessages.disabled, { type });
}

/** `GET /push/vapid-public-key` → the server's VAPID key, the `applicationServerKey` of `pushManager.subscribe`. */
export const VapidPublicKeyResponseSchema = z.object({ publicKey: z.string() });
export type VapidPublicKeyResponse = z.infer<typeof VapidPublicKeyResponseSchema>;
