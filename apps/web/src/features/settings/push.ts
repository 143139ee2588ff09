import type { VapidPublicKeyResponse } from '@farmacia/contract';
import { api } from '../../lib/api-client';

/** Why subscribing failed: the user said no, or anything else (spec §8 has one text for each). */
export class PushPermissionDenied extends Error {
  override readonly name = 'PushPermissionDenied';
}

/** Whether this browser can receive Web Push at all. */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** Spec §4: the browser permission, 'default' | 'granted' | 'denied' ('denied' without support). */
export function pushPermission(): NotificationPermission {
  return pushSupported() ? Notification.permission : 'denied';
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The service worker registration, or an error when none becomes active in time (e.g. dev server). */
async function readyRegistration(timeoutMs = 10_000): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('service worker not ready')), timeoutMs);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const sameKey = (sub: PushSubscription, key: Uint8Array) => {
  const current = sub.options.applicationServerKey;
  if (!current) return false;
  const a = new Uint8Array(current);
  return a.length === key.length && a.every((b, i) => b === key[i]);
};

/**
 * Asks the permission (call it from a tap: browsers refuse otherwise) and subscribes this
 * browser with the server's VAPID key, replacing a subscription made with another key.
 */
export async function subscribeToPush(): Promise<PushSubscriptionJSON> {
  if (!pushSupported()) throw new Error('push not supported');
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionDenied(permission);
  const { publicKey } = await api<VapidPublicKeyResponse>('/push/vapid-public-key');
  const key = base64UrlToBytes(publicKey);
  const registration = await readyRegistration();
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return subscription.toJSON();
}

/** Drops this browser's subscription (best effort: the server forgets it anyway). */
export async function unsubscribeFromPush(): Promise<void> {
  if (!pushSupported()) return;
  try {
    const registration = await readyRegistration(2000);
    await (await registration.pushManager.getSubscription())?.unsubscribe();
  } catch {
    // Nothing to undo on this device.
  }
}
