import { AUTH_CHECK_TIMEOUT_MS } from '@farmacia/contract';
import { api } from '../lib/api-client';
import { queryClient } from './query-client';
import { clearToken, getToken, setToken } from '../lib/session';

/**
 * Starts the session of a user who just logged in or signed up. Everything cached belongs to the
 * previous visitor (options and content depend on the user's shop too), so the cache starts over.
 */
export function beginSession(token: string): void {
  setToken(token);
  queryClient.removeQueries({ type: 'inactive' });
  void queryClient.resetQueries();
}

/** Forgets the session locally: token and every cached answer. */
export function endSession(): void {
  clearToken();
  queryClient.removeQueries({ type: 'inactive' });
  void queryClient.resetQueries();
}

/**
 * Logs out: the token is forgotten at once (the screen must not wait for the network), then the
 * server revokes it. Passing the old token explicitly keeps its 401, if any, from looking like an
 * expired current session.
 */
export async function logout(): Promise<void> {
  const token = getToken();
  endSession();
  if (!token) return;
  try {
    await api('/auth/logout', { method: 'POST', token, timeoutMs: AUTH_CHECK_TIMEOUT_MS });
  } catch {
    // Already revoked or unreachable: the token is gone from this device either way.
  }
}
