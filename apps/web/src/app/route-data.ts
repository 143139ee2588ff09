import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { isOnline } from '../lib/connectivity';

/**
 * A route loader's work, run only while the app is online. Offline, TanStack Query holds every
 * fetch until the server answers again, so a loader waiting on one would hold the screen on the
 * loader; instead the screen opens at once with the offline notice and its own queries, which
 * resume by themselves (spec §8).
 */
export function whileOnline<T>(work: () => Promise<T>): Promise<T> | undefined {
  return isOnline() ? work() : undefined;
}

/** What a loader can prefetch: any query's options (each keeps its own data type). */
// biome-ignore lint/suspicious/noExplicitAny: the list mixes queries of different data types; prefetchQuery checks each.
type PrefetchableQuery = FetchQueryOptions<any, any, any, any>;

/**
 * A route loader that fills the query cache with the queries its screen reads, while online (see
 * whileOnline). `queries` receives the route's parsed path params and is called on each load, so a
 * query whose key depends on the session or the shop is built afresh every time.
 */
export function prefetchOnline<TParams = unknown>(queries: (params: TParams) => readonly PrefetchableQuery[]) {
  return ({ context, params }: { context: { queryClient: QueryClient }; params: TParams }) =>
    whileOnline(() => Promise.all(queries(params).map((query) => context.queryClient.prefetchQuery(query))));
}
