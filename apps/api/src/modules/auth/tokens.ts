import { createHmac, createSecretKey, type KeyObject, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Role } from '@farmacia/contract';
import { SignJWT } from 'jose';

/**
 * Access tokens: HS256 JWTs carrying the session (`sid`) and the session's current token id
 * (`jti`). The signature alone is never enough: every request also checks the session row, so a
 * logout, a rotation or a password reset takes effect at once (decision 0120).
 */
export interface AccessClaims {
  userId: number;
  sessionId: number;
  jti: string;
  role: Role;
  shopId: number;
  /** Seconds since the epoch. */
  exp: number;
}

const keys = new Map<string, Uint8Array>();
function keyOf(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
}

export const newJti = () => randomUUID();

/**
 * Tokens whose signature has been verified, by secret (decision 0554). Verifying an HS256
 * signature through jose (WebCrypto's job queue) was ~13 % of an order list's CPU under load, for
 * the same few tokens over and over. A token's claims never change, so a verified one is read back
 * from here until its `exp`; the session row is still checked on every request (decision 0120),
 * so logout, rotation and password resets are as immediate as before. Only tokens that passed
 * verification enter (nobody can fill it with forged ones); when full it starts again empty.
 */
const verified = new Map<string, Map<string, AccessClaims>>();
const VERIFIED_MAX = 20_000;

function remember(secret: string, token: string, claims: AccessClaims): void {
  let tokens = verified.get(secret);
  if (!tokens || tokens.size >= VERIFIED_MAX) {
    tokens = new Map();
    verified.set(secret, tokens);
  }
  tokens.set(token, claims);
}

export async function signAccessToken(secret: string, claims: AccessClaims): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, role: claims.role, shop: claims.shopId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setJti(claims.jti)
    .setIssuedAt()
    .setExpirationTime(claims.exp)
    .sign(keyOf(secret));
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

function jsonPart(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The HMAC key of a secret, made once (issue 22, decision 0605): `createHmac` with the secret's
 * text converts it to bytes and wraps them in a key for every token new to the cache above (~5 %
 * of that check's CPU).
 */
const hmacKeys = new Map<string, KeyObject>();
function hmacKeyOf(secret: string): KeyObject {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    hmacKeys.set(secret, key);
  }
  return key;
}

/**
 * Header texts (base64url) already found acceptable below, behind a valid signature: our signer
 * writes the same header on every token, and decoding and parsing it again was a third of the
 * check's CPU (decision 0605). The check depends on the text alone, so a text found good stays
 * good; only a few are kept (a signed header is ours, so there is one in practice).
 */
const goodHeaders = new Set<string>();
const GOOD_HEADERS_MAX = 8;

/**
 * The HS256 check of a compact JWT (issue 22, decision 0589), synchronous with node's HMAC: jose
 * goes through WebCrypto's job queue, ~150 µs of CPU per token against ~10 here — a sixth of a
 * cart set's when the token is new to the cache above. The signature must be exactly the base64url
 * text our signer writes for the first two parts (compared in constant time): then header and
 * claims are ours, byte for byte. jose's remaining checks, repeated: the `HS256` header without
 * `crit`, a JSON object of claims, `iat`/`nbf`/`exp` numbers when present, `nbf` not after
 * `now` and `exp` after it. An object, so a test can count the checks.
 */
export const hs256 = {
  verify(secret: string, token: string, now: number): Record<string, unknown> | undefined {
    const first = token.indexOf('.');
    const last = token.lastIndexOf('.');
    if (first <= 0 || token.indexOf('.', first + 1) !== last) return undefined;
    const expected = Buffer.from(createHmac('sha256', hmacKeyOf(secret)).update(token.slice(0, last)).digest('base64url'));
    const given = Buffer.from(token.slice(last + 1));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const headerText = token.slice(0, first);
    if (!goodHeaders.has(headerText)) {
      const header = jsonPart(headerText);
      if (!isPlainObject(header) || header.alg !== 'HS256' || 'crit' in header) return undefined;
      if (goodHeaders.size < GOOD_HEADERS_MAX) goodHeaders.add(headerText);
    }
    const claims = jsonPart(token.slice(first + 1, last));
    if (!isPlainObject(claims)) return undefined;
    for (const date of ['iat', 'nbf', 'exp']) if (date in claims && typeof claims[date] !== 'number') return undefined;
    if (typeof claims.nbf === 'number' && claims.nbf > now) return undefined;
    if (typeof claims.exp === 'number' && claims.exp <= now) return undefined;
    return claims;
  },
};

/**
 * Verifies the signature and reads the claims. With `allowExpired` (refresh only) an expired
 * token is still accepted: the session row decides whether it may be renewed.
 * Returns undefined for anything that is not a well-formed token of ours.
 */
export async function readAccessToken(
  secret: string,
  token: string,
  { allowExpired = false } = {},
): Promise<AccessClaims | undefined> {
  const now = Math.floor(Date.now() / 1000);
  const known = allowExpired ? undefined : verified.get(secret)?.get(token);
  // Expired: verified again below, which refuses it (`exp` at or before now).
  if (known !== undefined && known.exp > now) return known;
  // An expired token is verified as if it were still its last second (as jose's `currentDate: 0` did).
  const payload = hs256.verify(secret, token, allowExpired ? 0 : now);
  if (payload === undefined) return undefined;
  const userId = Number(payload.sub);
  const { sid, role, shop, jti, exp } = payload;
  if (
    !Number.isInteger(userId) ||
    typeof sid !== 'number' ||
    typeof jti !== 'string' ||
    typeof exp !== 'number' ||
    typeof shop !== 'number' ||
    (role !== 'customer' && role !== 'pharmacist' && role !== 'admin')
  ) {
    return undefined;
  }
  const claims: AccessClaims = { userId, sessionId: sid, jti, role, shopId: shop, exp };
  if (!allowExpired) remember(secret, token, claims);
  return claims;
}
