import { createRouter } from '@tanstack/react-router';
import { Loader } from '../components/ui/loader';
import { browserHistory } from './browser-history';
import { NotFoundScreen } from './not-found-screen';
import { queryClient } from './query-client';
import { routeTree } from './route-tree';
import { parseSearch, stringifySearch } from '../lib/search-params';

export const router = createRouter({
  routeTree,
  history: browserHistory,
  context: { queryClient },
  defaultPreload: 'intent',
  // Route data lives in TanStack Query; the router must not cache a second copy.
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: () => <Loader />,
  defaultPendingMs: 300,
  defaultNotFoundComponent: NotFoundScreen,
  // An unknown path shows the not-found screen inside the shell, never a half-matched parent route.
  notFoundMode: 'root',
  scrollRestoration: true,
  parseSearch,
  stringifySearch,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
