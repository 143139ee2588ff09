import { TOKEN_REFRESH_RATIO } from '@farmacia/contract';

/** The expiry (`exp` claim, ms since epoch) of a JWT, or undefined when it cannot be read. */
export function tokenExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Milliseconds from `now` until the token should be refreshed: at 80% of its remaining life
 * (spec §4). A token already expired (or unreadable) answers 0: refresh now, the server decides.
 */
export function refreshDelay(expiresAtMs: number | undefined, nowMs: number): number {
  if (expiresAtMs === undefined) return 0;
  const remaining = expiresAtMs - nowMs;
  return remaining <= 0 ? 0 : Math.floor(remaining * TOKEN_REFRESH_RATIO);
}
