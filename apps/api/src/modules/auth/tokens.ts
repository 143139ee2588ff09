import { randomUUID } from 'node:crypto';
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

export async function signAccessToken(secret: string, claims: AccessClaims): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, role: claims.role, shop: claims.shopId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setJti(claims.jti)
    .setIssuedAt()
    .setExpirationTime(claims.exp)
    .sign(keyOf(secret));
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
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
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
    return { userId, sessionId: sid, jti, role, shopId: shop, exp };
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}
