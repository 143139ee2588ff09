import { onlineManager } from '@tanstack/react-query';
import { createStore, useStore } from './external-store';

/**
 * Whether the app can reach the server. Set offline by a network error of any call (spec §8
 * "Network Error: sets the system offline") or by the browser's `offline` event; set back online
 * only when a request succeeds again (the version poll keeps trying), so the app resumes by itself.
 */
export const connectivity = createStore<boolean>(typeof navigator === 'undefined' ? true : navigator.onLine);

export function setOnline(online: boolean): void {
  connectivity.set(online);
}

export function isOnline(): boolean {
  return connectivity.get();
}

export function useOnline(): boolean {
  return useStore(connectivity);
}

// TanStack Query pauses while offline and refetches on reconnect: it follows our notion of online,
// which is "the server answered", not only "the browser has a network".
onlineManager.setEventListener((setQueryOnline) => {
  setQueryOnline(connectivity.get());
  return connectivity.subscribe(() => setQueryOnline(connectivity.get()));
});
