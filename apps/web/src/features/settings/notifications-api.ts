import type { NotificationStatusResponse, NotificationType } from '@farmacia/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** `GET /profile/notification/{type}/{device}` → whether the channel is on (spec §7). */
export function notificationQueryOptions(type: NotificationType, device: string) {
  return queryOptions({
    queryKey: ['notifications', type, device],
    queryFn: ({ signal }) =>
      api<NotificationStatusResponse>(`/profile/notification/${type}/${device}`, { signal }).then((r) => r.active),
  });
}

/** `POST /profile/notification/{type}/{device} {type, token?}`: push sends the subscription as token. */
export function enableNotification(type: NotificationType, device: string, token?: PushSubscriptionJSON) {
  return api<NotificationStatusResponse>(`/profile/notification/${type}/${device}`, {
    method: 'POST',
    body: token ? { type, token: JSON.stringify(token) } : { type },
  });
}

/** `DELETE /profile/notification/{type}/{device}`. */
export function disableNotification(type: NotificationType, device: string) {
  return api<NotificationStatusResponse>(`/profile/notification/${type}/${device}`, { method: 'DELETE' });
}
