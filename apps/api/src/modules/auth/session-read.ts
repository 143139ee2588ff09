import type { Executor } from '../../db/database.js';

/** What every authenticated request reads of its session and user (the token's checks in auth.service's `authenticateTokenReading`). */
export interface SessionWithUser {
  session_id: number;
  user_id: number;
  current_jti: string;
  expires_at: string;
  revoked_at: string | null;
  role: 'customer' | 'pharmacist' | 'admin';
  shop_id: number;
  deleted_at: string | null;
}

/**
 * The session and the few user fields every authenticated request needs ({@link SessionWithUser}), in
 * one indexed read. A route may read its own rows in the same statement (joined on `sessions` and
 * `users`, decision 0629): the columns stay these.
 */
export function selectSessionWithUser(db: Executor, sessionId: number) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.user_id',
      'sessions.current_jti',
      'sessions.expires_at',
      'sessions.revoked_at',
      'users.role',
      'users.shop_id',
      'users.deleted_at',
    ])
    .where('sessions.id', '=', sessionId);
}

