import { NotificationStatusResponseSchema, VapidPublicKeyResponseSchema } from '@farmacia/contract';
import { api } from '../../lib/api';

/**
 * This browser's push alerts for the pharmacist (issue 15): the back office's own service worker
 * (public/sw.js, scope /backoffice/) subscribes with the server's VAPID key and the subscription
 * is stored under a device id kept in this browser, so each pharmacist turns alerts on per device.
 */

const DEVICE_KEY = 'farmacia.backoffice.device';
const SW_URL = '/backoffice/sw.js';

export class PushBlocked extends Error {}

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** A random id for this browser, made once (the contract's DeviceIdSchema: 8–128 of [A-Za-z0-9_-]). */
export function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    id = `bo-${crypto.randomUUID().replaceAll('-', '')}`;
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}

const pushPath = () => `/admin/staff-alerts/push?device=${deviceId()}`;

export async function pushActive(): Promise<boolean> {
  return (await api('GET', pushPath(), NotificationStatusResponseSchema)).active;
}

/** The VAPID key as bytes (it travels base64url-encoded). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0)) as Uint8Array<ArrayBuffer>;
}

/** Asks the permission (from a click), subscribes this browser and tells the server. */
export async function enablePush(): Promise<void> {
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') throw new PushBlocked();
  const registration = await navigator.serviceWorker.register(SW_URL, { scope: '/backoffice/' });
  await navigator.serviceWorker.ready;
  const { publicKey } = await api('GET', '/push/vapid-public-key', VapidPublicKeyResponseSchema);
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = subscription.toJSON();
  await api('PUT', '/admin/staff-alerts/push', NotificationStatusResponseSchema, {
    device: deviceId(),
    subscription: { endpoint: json.endpoint, keys: json.keys },
  });
}

/** Tells the server to stop, then drops the browser's subscription (best effort). */
export async function disablePush(): Promise<void> {
  await api('DELETE', pushPath(), NotificationStatusResponseSchema);
  const registration = await navigator.serviceWorker.getRegistration('/backoffice/');
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}
