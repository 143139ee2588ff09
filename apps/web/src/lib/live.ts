import { API_BASE_PATH, LIVE_PATH, type LiveEvent, type LiveRuntime, openLiveStream, standardLiveRuntime } from '@farmacia/contract';
import type { QueryClient } from '@tanstack/react-query';
import { getToken, sessionToken } from './session';

/**
 * The customer's live updates (decision 0525): while the user is signed in and the page is
 * visible, their own stream refetches the orders (list and detail) and the reservations when the
 * pharmacist acts. A hidden page closes it (phones in pockets hold no connection) and, shown again,
 * refetches once and reopens. Nothing to show of its own: the screens update in place.
 */

/** The queries an event makes stale: `['orders']` covers the list and every order's detail. */
export function staleKeys(event: LiveEvent): unknown[][] {
  return event.topic === 'order' ? [['orders']] : [['reservations']];
}
const ALL_KEYS: unknown[][] = [['orders'], ['reservations']];

const browserRuntime = (doFetch: typeof fetch): LiveRuntime => standardLiveRuntime(doFetch, window);

export function startCustomerLive(queryClient: QueryClient, doFetch: typeof fetch = (url, init) => fetch(url, init)): () => void {
  const invalidate = (keys: unknown[][]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  let stop: (() => void) | null = null;
  const sync = () => {
    const wanted = getToken() !== null && document.visibilityState !== 'hidden';
    if (wanted && !stop) {
      stop = openLiveStream({
        url: `${API_BASE_PATH}${LIVE_PATH}`,
        token: getToken,
        runtime: browserRuntime(doFetch),
        onMessage: (message) => invalidate(message.kind === 'reset' ? ALL_KEYS : staleKeys(message.event)),
        // Reopened after a drop: what changed meanwhile may not be in the replay window.
        onStatus: (status) => {
          if (status === 'down') invalidate(ALL_KEYS);
        },
      });
    } else if (!wanted && stop) {
      stop();
      stop = null;
    }
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible' && getToken() !== null && !stop) invalidate(ALL_KEYS);
    sync();
  };
  sync();
  const unsubscribe = sessionToken.subscribe(sync);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisible);
    stop?.();
    stop = null;
  };
}
