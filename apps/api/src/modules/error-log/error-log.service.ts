import { nowIso } from '../../db/column.js';
import { LIMITS } from '../../plugins/rate-limit.js';
import type { RequestMeta } from '../accounts/index.js';
import { insertErrorLog } from './error-log.repository.js';
import type { ServiceContext } from '../../context.js';

/** Longest stored context (JSON text); a larger one is replaced by a note that it was cut. */
const CONTEXT_MAX = 4000;

/** Secrets the app might put into a context by mistake are blanked before anything is stored. */
const SECRET_KEY = /pass(word)?|token|authorization|secret|cvv|card/i;

function redact(value: unknown, depth = 0): unknown {
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1)]),
  );
}

/** Stores an error the app reports (public, rate limited per IP). */
export async function recordClientError(
  ctx: ServiceContext,
  input: { message: string; context?: Record<string, unknown> | undefined },
  userId: number | null,
  meta: RequestMeta,
): Promise<void> {
  await ctx.rateLimiter.consume(LIMITS.errorLogIp, [meta.ip ?? 'unknown']);
  let context: string | null = null;
  if (input.context) {
    const json = JSON.stringify(redact(input.context));
    context = json.length <= CONTEXT_MAX ? json : JSON.stringify({ truncated: true, length: json.length });
  }
  await insertErrorLog(ctx.db, {
    user_id: userId,
    message: input.message,
    context,
    ip: meta.ip,
    user_agent: meta.userAgent,
    created_at: nowIso(),
  });
}
