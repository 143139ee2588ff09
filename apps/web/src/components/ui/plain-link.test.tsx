import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { MouseEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseSearch, stringifySearch } from '../../lib/search-params';
import { hrefOf, PlainLink } from './plain-link';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const LOGIN = hrefOf('/auth/login', { redirect: '/app/home' });

/** The links of a start: one to a path, one with a search, one whose click its owner handles. */
function Links({ onClick }: { onClick?: (event: MouseEvent<HTMLAnchorElement>) => void }) {
  return (
    <nav>
      <PlainLink href="/app/cart" className="button">
        Carrello
      </PlainLink>
      <PlainLink href={LOGIN} current>
        Accedi
      </PlainLink>
      <PlainLink href="/app/promotions" onClick={onClick}>
        Offerte
      </PlainLink>
    </nav>
  );
}

/** A router as the app's (its search format, intent preloads) at `path`, a spy on its `buildLocation` from before the first render. */
function renderLinks(path: string, onClick?: (event: MouseEvent<HTMLAnchorElement>) => void) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <Links onClick={onClick} />
      </>
    ),
  });
  const loaded: string[] = [];
  const page = (to: string) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path: to,
      loaderDeps: ({ search }) => search,
      loader: ({ deps }) => void loaded.push(to + stringifySearch(deps)),
      component: () => <h1>{to}</h1>,
    });
  const router = createRouter({
    routeTree: rootRoute.addChildren(['/app/home', '/app/cart', '/app/promotions', '/auth/login'].map(page)),
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    parseSearch,
    stringifySearch,
  });
  const built = vi.spyOn(router, 'buildLocation');
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
  return { router, loaded, built };
}

const link = (name: string) => screen.getByRole('link', { name });

describe('a plain link (decision 0671)', () => {
  it('renders an anchor to its href, builds no location on the start, and marks the current page', async () => {
    const { built } = renderLinks('/app/home');
    await screen.findByRole('heading', { name: '/app/home' });
    expect(['Carrello', 'Accedi', 'Offerte'].map((name) => link(name).getAttribute('href'))).toEqual(['/app/cart', '/auth/login?redirect=/app/home', '/app/promotions']);
    expect(link('Carrello').className).toBe('button');
    expect(link('Accedi').getAttribute('aria-current')).toBe('page');
    expect(link('Carrello').getAttribute('aria-current')).toBeNull();
    // A TanStack Link builds its destination's location when it renders: the router's own start builds none of these.
    const locations = built.mock.calls.map(([options]) => JSON.stringify(options));
    expect(locations.filter((options) => ['/app/cart', '/auth/login', '/app/promotions'].some((to) => options.includes(to)))).toEqual([]);
  });

  it('navigates in the app on a plain click, with its search, and leaves a modified or middle click to the browser', async () => {
    const { router } = renderLinks('/app/home');
    await screen.findByRole('heading', { name: '/app/home' });
    for (const click of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      // fireEvent returns false when a handler prevented the default (the browser's own navigation).
      expect(fireEvent.click(link('Accedi'), click)).toBe(true);
    }
    expect(fireEvent.click(link('Accedi'))).toBe(false);
    await screen.findByRole('heading', { name: '/auth/login' });
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.search).toEqual({ redirect: '/app/home' });
  });

  it("leaves a click its owner prevented to the owner's handler", async () => {
    const { router } = renderLinks('/app/home', (event) => event.preventDefault());
    await screen.findByRole('heading', { name: '/app/home' });
    fireEvent.click(link('Offerte'));
    await act(async () => {});
    expect(router.state.location.pathname).toBe('/app/home');
  });

  it("preloads a link's route with its search when touched, or hovered or focused for the router's delay", async () => {
    const { loaded } = renderLinks('/app/home');
    await screen.findByRole('heading', { name: '/app/home' });
    loaded.length = 0;
    vi.useFakeTimers();
    fireEvent.touchStart(link('Accedi'));
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(loaded).toEqual(['/auth/login?redirect=/app/home']);

    fireEvent.focus(link('Carrello'));
    fireEvent.blur(link('Carrello'));
    fireEvent.mouseEnter(link('Offerte'));
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(loaded).toEqual(['/auth/login?redirect=/app/home', '/app/promotions']);
  });
});
