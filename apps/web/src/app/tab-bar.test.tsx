import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TabBar } from './tab-bar';
import { isCurrentPath } from '../components/ui/plain-link';

afterEach(() => {
  cleanup();
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
  const page = (to: string) => createRoute({ getParentRoute: () => rootRoute, path: to, component: () => <h1>{to}</h1> });
  const router = createRouter({
    routeTree: rootRoute.addChildren(['/app/home', '/app/cart', '/app/cart/summary', '/app/promotions', '/auth/login'].map(page)),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
  return { router };
}

const tab = (name: string) => screen.getByRole('link', { name });

// A plain click, a modified one and the intent preloads are PlainLink's own (plain-link.test.tsx).
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
