import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { SessionWithUser } from './session-read.js';
import type { AccessClaims } from './tokens.js';

/**
 * Whether a session row (session-read's {@link SessionWithUser}) still admits a token's claims at
 * `nowMs`: the token's session, not revoked, its user not deleted, the token its current one (a
 * rotation voids the one before), the session not past its end. Every authenticated request applies
 * it; {@link liveSessionCondition} states the same rule for a statement that writes only for a live
 * session (decision 0683) — a change to one is a change to both, here.
 */
export function sessionAdmits(s: SessionWithUser | undefined, claims: AccessClaims, nowMs: number): s is SessionWithUser {
  return (
    s !== undefined &&
    s.user_id === claims.userId &&
    s.revoked_at === null &&
    s.deleted_at === null &&
    s.current_jti === claims.jti &&
    Date.parse(s.expires_at) > nowMs
  );
}

/**
 * {@link sessionAdmits} as a condition on the columns of a {@link SessionWithUser} row under `alias`,
 * at the instant `now` (its ISO text). Sessions end at an ISO text written by `toISOString`, so the
 * two texts compare as the instants they are.
 */
export function liveSessionCondition(alias: string, v: { userId: number; jti: string; now: string }): RawBuilder<SqlBool> {
  const column = (name: keyof SessionWithUser) => sql.ref(`${alias}.${name}`);
  return sql<SqlBool>`(${column('user_id')} = ${v.userId} and ${column('revoked_at')} is null and ${column('deleted_at')} is null and ${column('current_jti')} = ${v.jti} and ${column('expires_at')} > ${v.now})`;
}
