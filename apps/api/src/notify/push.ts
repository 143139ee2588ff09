import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import webpush from 'web-push';

/**
 * Web Push (RFC 8030 + VAPID RFC 8292 + aes128gcm RFC 8291). The web-push library builds the
 * signed, encrypted request; we send it with fetch so we control the timeout and can read the
 * push service's answer (201 delivered, 404/410 the subscription is gone for good).
 */

export interface VapidKeys {
  /** Uncompressed P-256 public key, base64url (65 bytes): the app's applicationServerKey. */
  publicKey: string;
  /** P-256 private scalar, base64url (32 bytes). */
  privateKey: string;
  /** `mailto:` or `https:` contact the push services may use (RFC 8292 §2.1). */
  subject: string;
}

/** The browser's PushSubscription.toJSON(). */
export interface PushSubscriptionJson {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/** What the service worker shows (title, body) and opens on a tap (url). */
export interface PushNotificationPayload {
  title: string;
  body: string;
  url?: string;
  tag?: string;
}

export type PushSendResult =
  | { ok: true; status: number }
  /** `gone`: the push service says the subscription no longer exists; prune it, do not retry. */
  | { ok: false; gone: boolean; status: number | null; error: string };

/**
 * VAPID keys: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when both are set (several instances must
 * share them), else generated on first start and kept in DATA_DIR/secrets/vapid.json, so the
 * subscriptions browsers made keep working across restarts.
 */
export function loadVapidKeys(dataDir: string, env: NodeJS.ProcessEnv, mailFrom: string): VapidKeys {
  const subject = env.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()}`;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const file = path.join(dataDir, 'secrets', 'vapid.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
  const generated = webpush.generateVAPIDKeys();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify(generated), { mode: 0o600 });
  return { ...generated, subject };
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/**
 * Whether a subscription endpoint may be contacted. Push services are public HTTPS hosts; a
 * subscription is user input, so plain HTTP, IP literals and localhost are refused unless the
 * server allows them (tests and local development with a local push service).
 */
export function isAllowedPushEndpoint(endpoint: string, allowInsecure: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (allowInsecure) return url.protocol === 'https:' || url.protocol === 'http:';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol !== 'https:' || isIP(host) !== 0) return false;
  return host !== 'localhost' && !host.endsWith('.localhost') && !host.endsWith('.local') && host.includes('.');
}

/** Structural check of a subscription's keys: a P-256 point (65 bytes) and a 16-byte secret. */
export function hasValidPushKeys(sub: PushSubscriptionJson): boolean {
  const { p256dh, auth } = sub.keys;
  if (!BASE64URL.test(p256dh) || !BASE64URL.test(auth)) return false;
  const point = Buffer.from(p256dh, 'base64url');
  return point.length === 65 && point[0] === 0x04 && Buffer.from(auth, 'base64url').length === 16;
}

export interface SendPushOptions {
  /** Seconds the push service keeps the message for an offline device. */
  ttlSeconds?: number;
  timeoutMs?: number;
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
}

/** Sends one notification to one subscription. Never throws: the result says what happened. */
export async function sendWebPush(
  keys: VapidKeys,
  subscription: PushSubscriptionJson,
  payload: PushNotificationPayload,
  options: SendPushOptions = {},
): Promise<PushSendResult> {
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails(subscription, JSON.stringify(payload), {
      vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: options.ttlSeconds ?? 24 * 3600,
      urgency: options.urgency ?? 'normal',
      contentEncoding: 'aes128gcm',
    });
  } catch (error) {
    // A subscription whose keys cannot be used will never work: treat it as gone.
    return { ok: false, gone: true, status: null, error: (error as Error).message };
  }
  try {
    const response = await fetch(details.endpoint, {
      method: details.method,
      // fetch computes Content-Length itself from the body.
      headers: Object.fromEntries(
        Object.entries(details.headers).filter(([name]) => name.toLowerCase() !== 'content-length'),
      ) as Record<string, string>,
      body: details.body ?? undefined,
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    await response.arrayBuffer().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
    return {
      ok: false,
      gone: response.status === 404 || response.status === 410,
      status: response.status,
      error: `push service answered ${response.status}`,
    };
  } catch (error) {
    return { ok: false, gone: false, status: null, error: (error as Error).message };
  }
}
