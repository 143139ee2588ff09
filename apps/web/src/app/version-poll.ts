import { VERSION_POLL_MS, type VersionResponse } from '@farmacia/contract';
import { apiFetch } from '../lib/api-client';
import { setOnline } from '../lib/connectivity';
import { createStore, useStore } from '../lib/external-store';

/** The API version as last answered by `GET /api/`, null until the first answer. */
export const apiVersion = createStore<string | null>(null);

export function useApiVersion(): string | null {
  return useStore(apiVersion);
}

export interface VersionPollOptions {
  /** What to do when the API version changes under a running app (default: reload the page). */
  onChange?: () => void;
  /** The shop's options or content changed (`data_version`, decision 0311): refetch them, no reload. */
  onDataChange?: () => void;
  intervalMs?: number;
}

/**
 * Polls `GET /api/` every 5 s with If-None-Match (spec §4): a changed version reloads the page, a
 * network error sets the app offline (the API client does it) and the next answer brings it back.
 * A hidden page does not poll; it polls at once when it shows again or the browser is back online.
 */
export function startVersionPoll(options: VersionPollOptions = {}): () => void {
  const onChange = options.onChange ?? (() => window.location.reload());
  let etag: string | null = null;
  let firstVersion: string | null = null;
  let dataVersion: string | undefined;
  let inFlight = false;

  const poll = async () => {
    if (inFlight) return;
    inFlight = true;
    try {
      const response = await apiFetch('/', {
        headers: etag ? { 'If-None-Match': etag } : {},
        timeoutMs: VERSION_POLL_MS,
        token: null,
      });
      if (response.status === 304 || !response.ok) return;
      const body = (await response.json()) as VersionResponse;
      etag = response.headers.get('etag');
      if (firstVersion === null) firstVersion = body.version;
      apiVersion.set(body.version);
      if (body.version !== firstVersion) onChange();
      else if (dataVersion !== undefined && body.data_version !== dataVersion) options.onDataChange?.();
      dataVersion = body.data_version;
    } catch {
      // Offline (set by apiFetch) or a timeout: the next tick tries again.
    } finally {
      inFlight = false;
    }
  };

  const onVisibility = () => {
    if (document.visibilityState === 'visible') void poll();
  };
  const onBrowserOnline = () => void poll();
  const onBrowserOffline = () => setOnline(false);

  const timer = setInterval(() => {
    if (document.visibilityState !== 'hidden') void poll();
  }, options.intervalMs ?? VERSION_POLL_MS);
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('online', onBrowserOnline);
  window.addEventListener('offline', onBrowserOffline);
  void poll();

  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('online', onBrowserOnline);
    window.removeEventListener('offline', onBrowserOffline);
  };
}
