import { createStore, useStore } from './external-store';
import { tokenExpiry } from './token';

/** Where the token is kept (the journeys start signed in by putting one there, decision 0632). */
export const TOKEN_KEY = 'farmacia.token';

function readStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    // Storage can be disabled (private mode, policies): the app still works for this page load.
    return null;
  }
}

/** The bearer token of the logged-in user, kept in localStorage (spec §4, §7), or null. */
export const sessionToken = createStore<string | null>(readStoredToken());

export function getToken(): string | null {
  return sessionToken.get();
}

export function isLoggedIn(): boolean {
  return sessionToken.get() !== null;
}

export function setToken(token: string): void {
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // See readStoredToken.
  }
  sessionToken.set(token);
}

export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // See readStoredToken.
  }
  sessionToken.set(null);
}

/** Expiry of the current token in ms, if any. */
export function currentTokenExpiry(): number | undefined {
  const token = sessionToken.get();
  return token ? tokenExpiry(token) : undefined;
}

export function useToken(): string | null {
  return useStore(sessionToken);
}

export function useLoggedIn(): boolean {
  return useStore(sessionToken) !== null;
}

// Another tab logged in or out: follow it, so two tabs never disagree about who is logged in.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_KEY) sessionToken.set(event.newValue);
  });
}
