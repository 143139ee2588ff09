import { createRouter } from '@tanstack/react-router';
import { Loader } from '../components/ui/loader';
import { browserHistory } from './browser-history';
import { ErrorScreen } from './error-screen';
import { NotFoundScreen } from './not-found-screen';
import { queryClient } from './query-client';
import { routeTree } from './route-tree';
import { parseSearch, stringifySearch } from '../lib/search-params';

/**
 * The app's router, made without its routes: `addRoutes()` gives them in the start's next task
 * (start.tsx), before anything reads or renders the router (app.tsx is imported after it). Making
 * the router (TanStack's constructor, its stores, the history's location, scroll restoration) and
 * processing the ~60 routes (their ids and paths, the matching tree) were one task of 9–12 ms of
 * thread time, a long task on a slow phone (issue 22, decision 0652).
 */
export const router = createRouter<typeof routeTree>({
  history: browserHistory,
  context: { queryClient },
  defaultPreload: 'intent',
  // Route data lives in TanStack Query; the router must not cache a second copy.
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: () => <Loader />,
  defaultPendingMs: 300,
  defaultNotFoundComponent: NotFoundScreen,
  defaultErrorComponent: ErrorScreen,
  // An unknown path shows the not-found screen inside the shell, never a half-matched parent route.
  notFoundMode: 'root',
  scrollRestoration: true,
  parseSearch,
  stringifySearch,
});

/** Gives the router its routes (TanStack's `update` with a new tree processes it). */
export function addRoutes(): void {
  router.update({ ...router.options, routeTree });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
