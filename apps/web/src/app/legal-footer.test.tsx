import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LegalFooter } from './legal-footer';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The footer under a screen, as the shell renders it, starting at `path`; a spy on the router's `buildLocation` from before the start. */
function renderFooter(path: string) {
  // The seller strip comes after the start (after-start.ts): its requests are not this test's.
  vi.stubGlobal('fetch', () => new Promise(() => {}));
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <LegalFooter />
      </>
    ),
  });
  const page = (path: string) => createRoute({ getParentRoute: () => rootRoute, path, component: () => <h1>{path}</h1> });
  const router = createRouter({
    routeTree: rootRoute.addChildren(['/app/home', '/app/legal'].map(page)),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const built = vi.spyOn(router, 'buildLocation');
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
  return { router, built };
}

describe("the footer's link (decision 0671)", () => {
  it('is a plain anchor to the legal information: no location built on the start, a click opens it in the app and marks it current', async () => {
    const { router, built } = renderFooter('/app/home');
    await screen.findByRole('heading', { name: '/app/home' });
    const link = screen.getByRole('link', { name: 'Informazioni legali' });
    expect(link.getAttribute('href')).toBe('/app/legal');
    expect(link.getAttribute('aria-current')).toBeNull();
    // A TanStack Link built `/app/legal` with the router on every page's start.
    expect(built.mock.calls.map(([options]) => JSON.stringify(options)).filter((options) => options.includes('/app/legal'))).toEqual([]);

    expect(fireEvent.click(link)).toBe(false);
    await screen.findByRole('heading', { name: '/app/legal' });
    expect(router.state.location.pathname).toBe('/app/legal');
    expect(screen.getByRole('link', { name: 'Informazioni legali' }).getAttribute('aria-current')).toBe('page');
  });
});
