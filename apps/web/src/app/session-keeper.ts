import { AUTH_CHECK_TIMEOUT_MS, type TokenResponse } from '@farmacia/contract';
import { api, isApiError } from '../lib/api-client';
import { getToken, sessionToken, setToken } from '../lib/session';
import { refreshDelay, tokenExpiry } from '../lib/token';

/** After a refresh that could not reach the server, try again this much later. */
const REFRESH_RETRY_MS = 30_000;
/** setTimeout takes at most a signed 32-bit delay (~24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Keeps the session alive: checks the stored token once at start (`POST /auth/check`, 2 s) and
 * refreshes it at 80% of its remaining life (`POST /auth/refresh`, 2 s, spec §4). A 401 from
 * either ends the session through the API client's 'unauthorized' event. Returns a stop function.
 */
export function startSessionKeeper(now: () => number = Date.now): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** When the current token is due for a refresh (fixed when it arrives, so waking up never postpones it). */
  let dueAt: number | undefined;
  let stopped = false;

  const schedule = (at: number) => {
    clearTimeout(timer);
    dueAt = at;
    timer = setTimeout(refresh, Math.min(MAX_TIMER_MS, Math.max(0, at - now())));
  };

  const refresh = async () => {
    const token = getToken();
    if (!token || stopped) return;
    try {
      const answer = await api<TokenResponse>('/auth/refresh', { method: 'POST', token, timeoutMs: AUTH_CHECK_TIMEOUT_MS });
      // Logged out or in as someone else meanwhile: that answer is not ours to keep.
      if (getToken() === token && !stopped) setToken(answer.token);
    } catch (error) {
      if (stopped || getToken() !== token) return;
      // 401: the 'unauthorized' event ends the session. Anything else: the server was not reached
      // in time; keep the token and try again (it may still be valid for hours).
      if (!isApiError(error) || error.status !== 401) schedule(now() + REFRESH_RETRY_MS);
    }
  };

  const onToken = () => {
    const token = getToken();
    clearTimeout(timer);
    dueAt = undefined;
    if (token) schedule(now() + refreshDelay(tokenExpiry(token), now()));
  };

  // A phone that slept, or a background tab, may have delayed the timer: catch up when visible.
  const onVisible = () => {
    if (document.visibilityState === 'visible' && dueAt !== undefined && now() >= dueAt) void refresh();
  };

  const unsubscribe = sessionToken.subscribe(onToken);
  document.addEventListener('visibilitychange', onVisible);
  onToken();
  const token = getToken();
  if (token) {
    api('/auth/check', { method: 'POST', token, timeoutMs: AUTH_CHECK_TIMEOUT_MS }).catch(() => {
      // 401 is handled by the 'unauthorized' event; a timeout or no network keeps the session.
    });
  }

  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisible);
  };
}
