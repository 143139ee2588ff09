import type { DefaultError, EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { isOnline } from '../lib/connectivity';

/**
 * A route loader's data: fills the query cache with what the screen's `useQuery` asks for (same
 * options), so the screen opens with its data (decision 0465). A failed call does not fail the
 * route: the screen shows its own error or "not found" from the query's state, as before loaders.
 * Offline, TanStack Query pauses the call until the server answers again: the loader then starts
 * it without waiting, so navigation is never held (the shell shows the offline notice meanwhile).
 */
export function fillCache<TQueryFnData, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TQueryFnData, DefaultError, TData, TQueryKey>,
): Promise<void> {
  const loading = queryClient.ensureQueryData(options).then(
    () => undefined,
    () => undefined,
  );
  return isOnline() ? loading : Promise.resolve();
}
