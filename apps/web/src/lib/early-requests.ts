/**
 * The reads a signed-in screen's page started before the app's code arrived (decision 0592): the
 * server puts a tiny inline script into the cart's, checkout's and booking calendar's pages
 * (`EARLY_REQUESTS_SCRIPT`, apps/api/src/plugins/app-page-hints.ts) that fetches the screen's
 * first answers with the stored token and leaves the pending responses here. The API client's
 * first call of such a path with the same token adopts the response instead of asking again; a
 * later call, another token (logged out, refreshed) or a stale page asks the server as usual.
 */
interface EarlyRequests {
  token: string;
  responses: Record<string, Promise<Response> | undefined>;
}

declare global {
  interface Window {
    __farmaciaEarly?: EarlyRequests;
  }
}

/** As the page's other answers (boot-data.ts): a page left open this long asks afresh. */
const FRESH_MS = 30_000;

/** The pending response the page started for `path` with `token` (taken: a second call asks the server), or undefined. */
export function takeEarlyResponse(path: string, token: string): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__farmaciaEarly;
  if (!early || early.token !== token || performance.now() > FRESH_MS) return undefined;
  const response = early.responses[path];
  delete early.responses[path];
  return response;
}
