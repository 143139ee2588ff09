import { createECDH, createPublicKey, type ECDH, hkdfSync, randomBytes, createDecipheriv, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on 127.0.0.1 for tests, playing both sides a real one joins: it checks the
 * VAPID JWT (RFC 8292: ES256 signature by the key in `k`, audience = this origin, expiry within
 * 24 h, a mailto/https subject) and, as the browser would, decrypts the aes128gcm body (RFC 8291)
 * with the subscription's private key. Endpoints marked gone answer 410 like an expired one.
 */

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | undefined>;
  jwtClaims: { aud: string; exp: number; sub: string };
  vapidPublicKey: string;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
}

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The browser-side private state (never sent to the server). */
  ecdh: ECDH;
  authSecret: Buffer;
}

export interface PushReceiver {
  origin: string;
  received: ReceivedPush[];
  /** Problems found in requests (bad signature, undecryptable body...), answered 400. */
  rejected: string[];
  subscribe(name?: string): TestSubscription;
  /** From now on the endpoint answers 410 Gone. */
  expire(subscription: TestSubscription): void;
  /** The push service goes down: its port is closed (connections refused) until `restart()`. */
  stop(): Promise<void>;
  /** Back on the same port, with the same subscriptions. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

const b64u = (b: Buffer) => b.toString('base64url');

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` and returns the claims, or throws why not. */
function verifyVapid(header: string | undefined, origin: string): { claims: ReceivedPush['jwtClaims']; key: string } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`bad authorization header: ${header}`);
  const [jwt, key] = [m[1] as string, m[2] as string];
  const [h, p, s] = jwt.split('.');
  if (!h || !p || !s) throw new Error('malformed JWT');
  const jwtHeader = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg: string; typ: string };
  if (jwtHeader.alg !== 'ES256') throw new Error(`alg ${jwtHeader.alg}`);
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${h}.${p}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as ReceivedPush['jwtClaims'];
  const now = Math.floor(Date.now() / 1000);
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error(`exp ${claims.exp} out of range`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
  return { claims, key };
}

/** RFC 8291 decryption of a single-record aes128gcm body, as the user agent does it. */
function decrypt(body: Buffer, sub: TestSubscription): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] as number;
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('more than one record');
  const receiverPublic = sub.ecdh.getPublicKey();
  const ecdhSecret = sub.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, sub.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('missing last-record padding delimiter');
  return padded.subarray(0, end);
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const subscriptions = new Map<string, TestSubscription>();
  const gone = new Set<string>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  let origin = '';

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = req.url ?? '';
    if (gone.has(path)) {
      res.writeHead(410).end();
      return;
    }
    const sub = subscriptions.get(path);
    if (req.method !== 'POST' || !sub) {
      res.writeHead(404).end();
      return;
    }
    try {
      if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`encoding ${req.headers['content-encoding']}`);
      if (!req.headers.ttl) throw new Error('missing TTL');
      const { claims, key } = verifyVapid(req.headers.authorization, origin);
      const payload = JSON.parse(decrypt(body, sub).toString('utf8')) as unknown;
      received.push({
        path,
        headers: { ttl: req.headers.ttl as string, urgency: req.headers.urgency as string | undefined },
        jwtClaims: claims,
        vapidPublicKey: key,
        payload,
      });
      res.writeHead(201).end();
    } catch (error) {
      rejected.push((error as Error).message);
      res.writeHead(400).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    rejected,
    subscribe(name = randomBytes(6).toString('hex')) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const path = `/push/${name}`;
      const sub: TestSubscription = {
        endpoint: `${origin}${path}`,
        keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(authSecret) },
        ecdh,
        authSecret,
      };
      subscriptions.set(path, sub);
      return sub;
    },
    expire(sub) {
      gone.add(new URL(sub.endpoint).pathname);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    restart: () => new Promise<void>((resolve) => server.listen(Number(new URL(origin).port), '127.0.0.1', resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
