import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type AnyRouter, createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ToastRegion } from '../components/ui/toast';

/**
 * Renders a component inside a router (at `path`), a fresh query client and the toasts, as the app
 * does. `beforeRender` sees the router first (a spy on it counts what the first render does).
 */
export function renderInApp(ui: () => ReactNode, path = '/', beforeRender?: (router: AnyRouter) => void) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {ui()}
        <ToastRegion />
      </>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  beforeRender?.(router);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
