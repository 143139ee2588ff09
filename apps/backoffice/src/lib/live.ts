import { ADMIN_LIVE_PATH, API_BASE_PATH, type LiveEvent, type LiveRuntime, type LiveStatus, openLiveStream, standardLiveRuntime } from '@farmacia/contract';
import type { QueryClient } from '@tanstack/react-query';
import { getToken } from './session';

/**
 * The back office's live updates (decision 0525): the shop's stream invalidates the queries of
 * the screens that show orders and bookings, so they refetch in place; while the stream is down
 * those screens poll as they always did (`pollWhileLiveDown`).
 */

/** The queries an event makes stale: the queue, its counts and the order page; the agenda and a reservation. */
export function staleKeys(event: LiveEvent): unknown[][] {
  return event.topic === 'order'
    ? [['orders'], ['order-counts'], ['order', event.id]]
    : [['agenda'], ['admin-reservation', event.id]];
}
/** Everything the stream keeps fresh (after a `reset` or a reconnection: events may have been missed). */
const ALL_KEYS: unknown[][] = [['orders'], ['order-counts'], ['order'], ['agenda'], ['admin-reservation']];

let status: LiveStatus = 'down';
const statusListeners = new Set<(s: LiveStatus) => void>();

export function liveStatus(): LiveStatus {
  return status;
}
export function onLiveStatus(listener: (s: LiveStatus) => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/**
 * A query's `refetchInterval`: no polling while the stream is open, `ms` otherwise. A query whose
 * poll stopped is refetched when the stream drops (below), which re-arms its interval.
 */
export const pollWhileLiveDown =
  (ms: number) =>
  (): number | false =>
    status === 'open' ? false : ms;

export interface BackofficeLiveOptions {
  queryClient: QueryClient;
  /** A new order arrived (sound and notice). */
  onNewOrder?: (orderId: number) => void;
  /** The network (tests). */
  fetch?: typeof fetch;
}

/** The browser's network, decoder and timers, for the contract's stream reader. */
const browserRuntime = (doFetch: typeof fetch): LiveRuntime => standardLiveRuntime(doFetch, window);

/** Opens the shop's stream for the signed-in staff member; returns `stop` (logout, unmount). */
export function startBackofficeLive(options: BackofficeLiveOptions): () => void {
  const { queryClient } = options;
  const invalidate = (keys: unknown[][]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  return openLiveStream({
    url: `${API_BASE_PATH}${ADMIN_LIVE_PATH}`,
    token: getToken,
    runtime: browserRuntime(options.fetch ?? ((url, init) => fetch(url, init))),
    onMessage: (message) => {
      if (message.kind === 'reset') return invalidate(ALL_KEYS);
      invalidate(staleKeys(message.event));
      if (message.event.topic === 'order' && message.event.action === 'created') options.onNewOrder?.(message.event.id);
    },
    onStatus: (next) => {
      const was = status;
      status = next;
      for (const l of statusListeners) l(next);
      // Opened after a drop, or dropped: refetch what may have changed meanwhile and re-arm the polls.
      if ((next === 'open' && was === 'down') || (next === 'down' && was === 'open')) invalidate(ALL_KEYS);
    },
    // The session is over: the next API call's 401 sends the user to the login.
    onUnauthorized: () => undefined,
  });
}
