import { createHash } from 'node:crypto';
import { countMessages, countText, ErrorCode, fillMessage, messages } from '@farmacia/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';

/**
 * Abuse limits kept in the database (decision 0122): every API instance behind a load balancer
 * shares the same counters, on SQLite and PostgreSQL alike. Fixed windows that open on the first
 * hit: `max` hits within `windowMs` of it, then 429 until the window has passed.
 */
export interface LimitRule {
  bucket: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** The limits of the account calls (decision 0122). Login rules count failures only. */
export const LIMITS = {
  /** One attacker on one account: 5 wrong passwords in 15 minutes. */
  loginIpIdentifier: { bucket: 'login-ip-identifier', max: 5, windowMs: 15 * MINUTE },
  /** One account from many addresses (distributed guessing), generous so a user is rarely locked out. */
  loginIdentifier: { bucket: 'login-identifier', max: 20, windowMs: 15 * MINUTE },
  /** One address trying many accounts (credential stuffing). */
  loginIp: { bucket: 'login-ip', max: 50, windowMs: 15 * MINUTE },
  recoveryIp: { bucket: 'recovery-ip', max: 10, windowMs: 60 * MINUTE },
  recoveryEmail: { bucket: 'recovery-email', max: 3, windowMs: 60 * MINUTE },
  resetIp: { bucket: 'reset-ip', max: 20, windowMs: 15 * MINUTE },
  registerIp: { bucket: 'register-ip', max: 10, windowMs: 60 * MINUTE },
  errorLogIp: { bucket: 'error-log-ip', max: 30, windowMs: MINUTE },
} as const satisfies Record<string, LimitRule>;

export interface LimitState {
  hits: number;
  limited: boolean;
  /** Seconds until the window closes (0 when no window is open). */
  retryAfterSeconds: number;
}

/** 429 with the seconds to wait; the auth plugin copies them into a Retry-After header. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(ErrorCode.RATE_LIMITED, fillMessage(messages.auth.tooManyAttempts, { minutes: countText(countMessages.minutes, minutes) }));
  }
}

/** Keys are hashed: the table holds no email addresses or IPs, only counters. */
function keyOf(parts: ReadonlyArray<string>): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 32);
}

function stateOf(rule: LimitRule, row: { hits: number; window_start: string } | undefined, now: number): LimitState {
  if (!row) return { hits: 0, limited: false, retryAfterSeconds: 0 };
  const endsAt = Date.parse(row.window_start) + rule.windowMs;
  if (endsAt <= now) return { hits: 0, limited: false, retryAfterSeconds: 0 };
  return { hits: row.hits, limited: row.hits >= rule.max, retryAfterSeconds: Math.ceil((endsAt - now) / 1000) };
}

export class RateLimiter {
  constructor(private readonly db: Db) {}

  /** The current state without counting (e.g. before checking a password). */
  async peek(rule: LimitRule, parts: ReadonlyArray<string>): Promise<LimitState> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['hits', 'window_start'])
      .where('bucket', '=', rule.bucket)
      .where('key', '=', keyOf(parts))
      .executeTakeFirst();
    return stateOf(rule, row, Date.now());
  }

  /**
   * Counts one hit atomically (one upsert, safe under concurrency on both engines) and returns
   * the state after it. A window that has passed starts again at 1.
   */
  async hit(rule: LimitRule, parts: ReadonlyArray<string>): Promise<LimitState> {
    const now = Date.now();
    const nowIso = new Date(now).toISOString();
    const expired = new Date(now - rule.windowMs).toISOString();
    const row = await this.db
      .insertInto('rate_limits')
      .values({ bucket: rule.bucket, key: keyOf(parts), window_start: nowIso, hits: 1 })
      .onConflict((oc) =>
        oc.columns(['bucket', 'key']).doUpdateSet({
          hits: sql<number>`case when rate_limits.window_start <= ${expired} then 1 else rate_limits.hits + 1 end`,
          window_start: sql<string>`case when rate_limits.window_start <= ${expired} then ${nowIso} else rate_limits.window_start end`,
        }),
      )
      .returning(['hits', 'window_start'])
      .executeTakeFirstOrThrow();
    return stateOf(rule, row, now);
  }

  /** Counts a hit and throws 429 when it goes over the limit (the call that reaches `max` passes). */
  async consume(rule: LimitRule, parts: ReadonlyArray<string>): Promise<void> {
    const state = await this.hit(rule, parts);
    if (state.hits > rule.max) throw new RateLimitedError(state.retryAfterSeconds);
  }

  /** Throws 429 when the limit is already reached, without counting. */
  async assertNotLimited(rule: LimitRule, parts: ReadonlyArray<string>): Promise<void> {
    const state = await this.peek(rule, parts);
    if (state.limited) throw new RateLimitedError(state.retryAfterSeconds);
  }

  async reset(rule: LimitRule, parts: ReadonlyArray<string>): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('bucket', '=', rule.bucket).where('key', '=', keyOf(parts)).execute();
  }

  /** Drops counters whose window closed long ago (housekeeping). */
  async prune(olderThanMs = 24 * 60 * MINUTE): Promise<void> {
    const cutoff = new Date(Date.now() - olderThanMs).toISOString();
    await this.db.deleteFrom('rate_limits').where('window_start', '<', cutoff).execute();
  }
}
