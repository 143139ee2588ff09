import { createRootRoute, createRoute, createRouter, Outlet, redirect } from '@tanstack/react-router';

const rootRoute = createRootRoute({ component: () => <Outlet /> });

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/app/home' });
  },
});

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/app/home',
  component: () => (
    <main>
      <h1>Farmacia</h1>
    </main>
  ),
});

const routeTree = rootRoute.addChildren([indexRoute, homeRoute]);

export const router = createRouter({ routeTree, defaultPreload: 'intent' });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
