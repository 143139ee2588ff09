import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeToken, json, mockFetch } from '../test/fetch-mock';
import { setOnline } from '../lib/connectivity';
import { clearToken, setToken } from '../lib/session';
import { parseSearch, stringifySearch } from '../lib/search-params';
import { NotFoundScreen } from './not-found-screen';
import { routeTree } from './route-tree';

/** The app's router at `path`, with a fresh query client, as router.tsx makes it. */
function appAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
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

/** Loads the route (as start.tsx does before the first render), then renders the app. */
async function renderApp(path: string) {
  const app = appAt(path);
  await app.router.load();
  render(
    <QueryClientProvider client={app.queryClient}>
      <RouterProvider router={app.router} />
    </QueryClientProvider>,
  );
  return app;
}

const SERVICE = {
  id: 3,
  category_id: 1,
  name: 'Misurazione della pressione',
  description: '<p>In farmacia, senza appuntamento.</p>',
  price: 5,
  duration: 15,
  padding_after: 0,
  show_price: true,
  booking_cancellations: 1,
};

const callsTo = (calls: { method: string; path: string }[], path: string) => calls.filter((c) => c.path === path).length;

beforeEach(() => {
  clearToken();
  setOnline(true);
});
afterEach(() => {
  cleanup();
  clearToken();
  vi.unstubAllGlobals();
});

describe('route params', () => {
  it('shows the Italian not-found screen for an id that is not one, and asks the server nothing', async () => {
    setToken(fakeToken(2_000_000_000));
    const { calls } = mockFetch({ 'GET /api/profile': json({ data: { checkprivacy: 0 } }) });
    await renderApp('/app/orders/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/api/order'))).toEqual([]);
  });

  it("says so in the spec's words where the spec words it (an event id, spec §5)", async () => {
    mockFetch({});
    await renderApp('/app/events/abc/2030-01-01');
    expect(await screen.findByRole('heading', { level: 1, name: "L'ID dell'evento è richiesto." })).toBeTruthy();
  });

  it('refuses a product code that is not 9 digits without asking the server', async () => {
    const { calls } = mockFetch({});
    await renderApp('/app/product/12345');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/api/product/'))).toEqual([]);
  });
});

describe('route loaders', () => {
  it("fill the query cache before the screen renders, so the screen's data is fetched once", async () => {
    const { calls } = mockFetch({ 'GET /api/services/3': json({ service: SERVICE }) });
    const { queryClient } = await renderApp('/app/services/3');
    // Loaded before the first render (start.tsx does the same), the screen opens with its data.
    expect(queryClient.getQueryData(['services', 'service', 3])).toEqual(SERVICE);
    expect(await screen.findByRole('heading', { level: 1, name: SERVICE.name })).toBeTruthy();
    expect(callsTo(calls, '/api/services/3')).toBe(1);
  });

  it("load a private screen's data for a logged-in user", async () => {
    setToken(fakeToken(2_000_000_000));
    const { calls } = mockFetch({ 'GET /api/profile': json({ data: { checkprivacy: 0 } }), 'GET /api/order/5': json({ data: { id: 5 } }) });
    const { router, queryClient } = appAt('/app/orders/5');
    await router.load();
    expect(queryClient.getQueryData(['orders', 5])).toEqual({ id: 5 });
    expect(callsTo(calls, '/api/order/5')).toBe(1);
  });

  it('send a visitor to login without asking for the private data (no 401)', async () => {
    const { calls } = mockFetch({});
    const { router } = appAt('/app/orders/5');
    await router.load();
    expect(router.state.location.href).toBe('/auth/login?redirect=/app/orders/5');
    expect(calls.filter((c) => c.path.startsWith('/api/order'))).toEqual([]);
  });

  it('leave the screen to its own queries while offline, instead of holding it on a paused fetch', async () => {
    setOnline(false);
    const { calls } = mockFetch({ 'GET /api/services/3': json({ service: SERVICE }) });
    const { router, queryClient } = appAt('/app/services/3');
    await router.load();
    expect(router.state.status).toBe('idle');
    expect(queryClient.getQueryData(['services', 'service', 3])).toBeUndefined();
    expect(callsTo(calls, '/api/services/3')).toBe(0);
  });
});
