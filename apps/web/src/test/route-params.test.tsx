// Next to the test helpers: app/ may not import the contract's full messages (decision 0145), and these tests read screens' texts.

import { messages } from '@farmacia/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type AnyRoute, createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serviceQueryOptions } from '../features/services/services-api';
import { fakeToken, json, mockFetch } from './fetch-mock';
import { setOnline } from '../lib/connectivity';
import { NotFoundScreen } from '../app/not-found-screen';
import { routeTree } from '../app/route-tree';
import { parseSearch, stringifySearch } from '../lib/search-params';
import { clearToken, setToken } from '../lib/session';

function routerAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter({
    routeTree,
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultNotFoundComponent: NotFoundScreen,
    notFoundMode: 'root',
    parseSearch,
    stringifySearch,
  });
  return { router, queryClient };
}

/** The whole app at `path`, as the browser shows it. */
function renderAt(path: string) {
  const { router, queryClient } = routerAt(path);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

/** Every route of the tree, depth first. */
function allRoutes(route: AnyRoute): AnyRoute[] {
  const children = (route.children ?? []) as AnyRoute[];
  return [route, ...children.flatMap(allRoutes)];
}

const service = { id: 7, name: 'Misurazione pressione', description: '<p>In farmacia.</p>', price: 5, show_price: true, duration: 15 };

beforeEach(() => {
  clearToken();
  setOnline(true);
});
afterEach(() => {
  cleanup();
  clearToken();
  setOnline(true);
  vi.unstubAllGlobals();
});

describe('route params', () => {
  it('every route with a $param in its path parses it with a schema', () => {
    const pathOf = (route: AnyRoute): string => (route.options as { path?: string }).path ?? '';
    const withParams = allRoutes(routeTree as AnyRoute).filter((route) => pathOf(route).includes('$'));
    expect(withParams.length).toBeGreaterThan(20);
    const unparsed = withParams.filter((route) => typeof route.options.params?.parse !== 'function').map(pathOf);
    expect(unparsed).toEqual([]);
  });

  it('shows the screen’s own "not found" for an id that is not a number, without calling the server', async () => {
    const { calls } = mockFetch({});
    renderAt('/app/services/abc');
    expect(await screen.findByRole('heading', { name: messages.reservations.serviceNotFound })).toBeTruthy();
    expect(calls.filter((call) => call.path.startsWith('/api/services'))).toEqual([]);
  });

  it('shows the order’s "not found" to a logged-in user for a bad order id', async () => {
    setToken(fakeToken(2_000_000_000));
    mockFetch({});
    renderAt('/app/orders/12x');
    expect(await screen.findByRole('heading', { name: messages.orders.notFoundTitle })).toBeTruthy();
  });

  it('tells which part of an event slot link is wrong (spec §5)', async () => {
    mockFetch({});
    renderAt('/app/reservations/event/abc/2026-03-02/3');
    expect(await screen.findByRole('heading', { name: messages.reservations.eventIdRequired })).toBeTruthy();
    cleanup();
    renderAt('/app/reservations/event/5/2026-02-30/3');
    expect(await screen.findByRole('heading', { name: messages.reservations.serviceNotFound })).toBeTruthy();
  });

  it('reads a help topic in any case, and says an unknown one is not found', async () => {
    mockFetch({});
    renderAt('/app/help/GALENICA');
    expect(await screen.findByRole('heading', { name: messages.help.topics.Galenica.title })).toBeTruthy();
    cleanup();
    renderAt('/app/help/cart');
    expect(await screen.findByRole('heading', { name: messages.help.notFound })).toBeTruthy();
  });
});

describe('route loaders', () => {
  it('fill the query cache before the screen renders', async () => {
    mockFetch({ 'GET /api/services/7': json({ service }) });
    const { router, queryClient } = routerAt('/app/services/7');
    await router.load();
    expect(queryClient.getQueryData(serviceQueryOptions(7).queryKey)).toEqual(service);
  });

  it('do not hold navigation while offline', async () => {
    // A call that never answers: a loader that waited for it would never let the screen open.
    mockFetch({ 'GET /api/services/7': () => new Promise<Response>(() => {}) });
    setOnline(false);
    const { router } = routerAt('/app/services/7');
    await router.load();
    expect(router.state.location.pathname).toBe('/app/services/7');
    expect(router.state.status).toBe('idle');
  });
});
