import type { Executor } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { type SessionWithUser, selectSessionWithUser } from './session-read.js';

/** Sessions and password-reset tokens. */
export async function insertSession(
  db: Executor,
  row: { user_id: number; current_jti: string; created_at: string; expires_at: string; user_agent: string | null; ip: string | null },
): Promise<number> {
  // One literal, in the caller's key order (the statement's column list): a spread given more properties lives
  // through V8's scavenges (decision 0638; the login's largest survivor, ~0.7 KB a login).
  const inserted = await db
    .insertInto('sessions')
    .values({
      user_id: row.user_id,
      current_jti: row.current_jti,
      created_at: row.created_at,
      expires_at: row.expires_at,
      user_agent: row.user_agent,
      ip: row.ip,
      refreshed_at: row.created_at,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

// Every authenticated request runs it: built and compiled once (decision 0553).
const sessionWithUser = preparedQuery((db, v: { sessionId: number }) => selectSessionWithUser(db, v.sessionId));

export async function findSessionWithUser(db: Executor, sessionId: number): Promise<SessionWithUser | undefined> {
  return (await sessionWithUser(db, { sessionId }))[0];
}

/**
 * Replaces the session's token id, only if it is still the one the caller presented: of two
 * concurrent refreshes with the same token, exactly one wins.
 */
export async function rotateJti(db: Executor, sessionId: number, fromJti: string, toJti: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ current_jti: toJti, refreshed_at: at })
    .where('id', '=', sessionId)
    .where('current_jti', '=', fromJti)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeSession(db: Executor, sessionId: number, at: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: at }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Revokes every open session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(db: Executor, userId: number, at: string, keepSessionId?: number): Promise<void> {
  let q = db.updateTable('sessions').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepSessionId !== undefined) q = q.where('id', '!=', keepSessionId);
  await q.execute();
}

export async function insertPasswordReset(
  db: Executor,
  row: { user_id: number; token_hash: string; created_at: string; expires_at: string },
): Promise<number> {
  const inserted = await db.insertInto('password_resets').values({ ...row, used_at: null }).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export function findPasswordReset(db: Executor, tokenHash: string) {
  return db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select([
      'password_resets.id',
      'password_resets.user_id',
      'password_resets.expires_at',
      'password_resets.used_at',
      'users.email',
      'users.deleted_at',
    ])
    .where('password_resets.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a token used, only if nobody used it first (single use under concurrency). */
export async function consumePasswordReset(db: Executor, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A successful reset voids every other token the user was mailed. */
export async function voidUserPasswordResets(db: Executor, userId: number, at: string): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: at }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** Housekeeping: sessions and reset tokens that can no longer be used. */
export async function pruneExpired(db: Executor, before: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', before).execute();
  await db.deleteFrom('password_resets').where('expires_at', '<', before).execute();
}
