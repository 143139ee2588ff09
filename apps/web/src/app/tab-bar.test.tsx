import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TabBar } from './tab-bar';
import { isCurrentPath } from '../components/ui/plain-link';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A router with the tabs' screens (and one page below the cart), starting at `path`. */
function renderBar(path: string) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <TabBar />
      </>
    ),
  });
  const loaded: string[] = [];
  const page = (to: string) => createRoute({ getParentRoute: () => rootRoute, path: to, loader: () => void loaded.push(to), component: () => <h1>{to}</h1> });
  const router = createRouter({
    routeTree: rootRoute.addChildren(['/app/home', '/app/cart', '/app/cart/summary', '/app/promotions', '/auth/login'].map(page)),
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
  return { router, loaded };
}

const tab = (name: string) => screen.getByRole('link', { name });

describe('the tab bar (decision 0663)', () => {
  it('links each tab to its screen and marks the current one, also on a screen below it', async () => {
    const { router } = renderBar('/app/cart/summary');
    await screen.findByRole('heading', { name: '/app/cart/summary' });
    expect(['Home', 'Carrello', 'Offerte', 'Accedi'].map((name) => tab(name).getAttribute('href'))).toEqual(['/app/home', '/app/cart', '/app/promotions', '/auth/login']);
    expect(tab('Carrello').getAttribute('aria-current')).toBe('page');
    expect(tab('Carrello').className).toBe('tab tab--active');
    expect(tab('Home').getAttribute('aria-current')).toBeNull();
    expect(tab('Home').className).toBe('tab');

    fireEvent.click(tab('Home'));
    await screen.findByRole('heading', { name: '/app/home' });
    expect(router.state.location.pathname).toBe('/app/home');
    expect(tab('Home').getAttribute('aria-current')).toBe('page');
    expect(tab('Carrello').getAttribute('aria-current')).toBeNull();
  });

  it('leaves a modified or middle click to the browser (new tab or window)', async () => {
    const { router } = renderBar('/app/home');
    await screen.findByRole('heading', { name: '/app/home' });
    for (const click of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      // fireEvent returns false when a handler prevented the default (the browser's own navigation).
      expect(fireEvent.click(tab('Carrello'), click)).toBe(true);
    }
    expect(fireEvent.click(tab('Carrello'))).toBe(false);
    await screen.findByRole('heading', { name: '/app/cart' });
    expect(router.state.location.pathname).toBe('/app/cart');
  });

  it("preloads a tab's route when it is touched, or hovered or focused for the router's delay", async () => {
    const { loaded } = renderBar('/app/home');
    await screen.findByRole('heading', { name: '/app/home' });
    loaded.length = 0;
    vi.useFakeTimers();
    fireEvent.touchStart(tab('Offerte'));
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(loaded).toEqual(['/app/promotions']);

    fireEvent.focus(tab('Carrello'));
    fireEvent.blur(tab('Carrello'));
    fireEvent.mouseEnter(tab('Accedi'));
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(loaded).toEqual(['/app/promotions', '/auth/login']);
  });
});

describe('isCurrentPath', () => {
  it("matches the tab's path and the paths below it, not a longer name", () => {
    expect(isCurrentPath('/app/cart', '/app/cart')).toBe(true);
    expect(isCurrentPath('/app/cart/', '/app/cart')).toBe(true);
    expect(isCurrentPath('/app/cart/summary', '/app/cart')).toBe(true);
    expect(isCurrentPath('/app/carts', '/app/cart')).toBe(false);
    expect(isCurrentPath('/app/home', '/app/cart')).toBe(false);
  });
});
