import { randomUUID, type webcrypto } from 'node:crypto';
import type { Role } from '@farmacia/contract';
import { errors, jwtVerify, SignJWT } from 'jose';

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

/**
 * The HMAC key of a secret, imported into WebCrypto once: given the raw bytes, jose imports them
 * again on every sign and verify — a second WebCrypto job, half of a verification's CPU (issue 22).
 */
const keys = new Map<string, Promise<webcrypto.CryptoKey>>();
function keyOf(secret: string): Promise<webcrypto.CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

export const newJti = () => randomUUID();

/**
 * Tokens whose signature has been verified, by secret (decision 0554). Verifying an HS256
 * signature goes through WebCrypto's job queue: ~13 % of an order list's CPU under load, for the
 * same few tokens over and over. A token's claims never change, so a verified one is read back
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
    .sign(await keyOf(secret));
}

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
  const known = allowExpired ? undefined : verified.get(secret)?.get(token);
  // Expired: verified again below, which refuses it exactly as jose does (`exp` at or before now).
  if (known !== undefined && known.exp > Math.floor(Date.now() / 1000)) return known;
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), {
      algorithms: ['HS256'],
      // An expired token is verified as if it were still its last second.
      ...(allowExpired ? { currentDate: new Date(0) } : {}),
    });
    const userId = Number(payload.sub);
    const { sid, role, shop, jti, exp } = payload as Record<string, unknown>;
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
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}
