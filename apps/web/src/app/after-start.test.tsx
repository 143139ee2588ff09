import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeToken, json, mockFetch } from '../test/fetch-mock';
import { clearToken, setToken } from '../lib/session';
import { registerTabBadge } from './tabs';
import { LegalFooter } from './legal-footer';
import { TabBar } from './tab-bar';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The requests made by the time the first screen's own effects ran (the shell's run before them). */
const seenDuringEffects: string[][] = [];
let requestsSoFar = (): string[] => [];

function Screen() {
  useEffect(() => {
    seenDuringEffects.push(requestsSoFar());
  }, []);
  return (
    <>
      <TabBar />
      <LegalFooter />
    </>
  );
}

describe('the shell after the start (decision 0651)', () => {
  it("asks the tabs' badges and the seller strip a task after the first screen's effects, then shows them", async () => {
    const { calls } = mockFetch({
      'GET /api/option/promotions': json({ data: [{ valid_from: null, valid_to: null }] }),
      'GET /api/shop/legal': json({ code: 'NOT_FOUND', message: 'Risorsa non trovata.' }, 404),
    });
    requestsSoFar = () => calls.map((c) => c.path);
    // The Offerte tab exists (its route), and the footer is on a page that offers medicines.
    const rootRoute = createRootRoute();
    const page = (path: string) => createRoute({ getParentRoute: () => rootRoute, path, component: Screen });
    const router = createRouter({
      routeTree: rootRoute.addChildren([page('/app/promotions'), page('/app/home')]),
      history: createMemoryHistory({ initialEntries: ['/app/promotions'] }),
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('navigation')).toBeTruthy();
    expect(seenDuringEffects).toEqual([[]]);
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(expect.arrayContaining(['/api/option/promotions', '/api/shop/legal'])));
    // The badge: one running promotion.
    expect((await screen.findByText('1')).className).toBe('tab__badge');
    // Only the tabs with a number ask for one: the Home tab has no query at all, not a disabled one.
    expect(queryClient.getQueryCache().findAll({ queryKey: ['option'] })).toHaveLength(1);
    expect(queryClient.getQueryCache().findAll({ queryKey: ['tab-badge'] })).toEqual([]);
  });
});

describe("the tabs' badges one by one (decision 0678)", () => {
  afterEach(() => clearToken());

  it('asks each badge in a task of its own, never two requests in one run of effects, and shows every number and the seller strip', async () => {
    const { calls, fetchMock } = mockFetch({
      'GET /api/option/promotions': json({ data: [{ valid_from: null, valid_to: null }] }),
      'GET /api/test/cart': json({ count: 2 }),
      'GET /api/test/reservations': json({ count: 3 }),
      'GET /api/shop/legal': json({ data: { shop_name: 'Farmacia Centrale' } }),
    });
    // Requests made in one synchronous run (one task's effects): no microtask checkpoint between them.
    const together: string[][] = [];
    let run: string[] | undefined;
    const plainFetch = fetchMock.getMockImplementation();
    fetchMock.mockImplementation((input, init) => {
      if (!run) {
        run = [];
        together.push(run);
        queueMicrotask(() => {
          run = undefined;
        });
      }
      run.push(String(input).replace(/^.*\/api/, ''));
      return plainFetch!(input, init);
    });
    const badge = (path: string) => ({
      query: { queryKey: ['test', path], queryFn: () => fetch(`/api/test/${path}`).then((r) => r.json()) },
      count: (body: unknown) => (body as { count: number }).count,
      requiresLogin: true,
    });
    registerTabBadge('cart', badge('cart'));
    registerTabBadge('reservations', badge('reservations'));
    setToken(fakeToken(2_000_000_000));

    const rootRoute = createRootRoute();
    const page = (path: string) => createRoute({ getParentRoute: () => rootRoute, path, component: Screen });
    const router = createRouter({
      routeTree: rootRoute.addChildren(['/app/home', '/app/cart', '/app/reservations', '/app/promotions', '/app/user'].map(page)),
      history: createMemoryHistory({ initialEntries: ['/app/cart'] }),
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>,
    );
    // Every badge's number, in its tab.
    for (const [name, count] of [['Carrello', '2'], ['Prenotazioni', '3'], ['Offerte', '1']] as const) {
      await waitFor(() => expect(screen.getByRole('link', { name: new RegExp(name) }).querySelector('.tab__badge')?.textContent).toBe(count));
    }
    // And the seller strip (the footer of a page that sells medicines).
    expect(await screen.findByText('Farmacia Centrale')).toBeTruthy();
    const badgeRequests = ['/test/cart', '/test/reservations', '/option/promotions'];
    expect(calls.map((c) => c.path).filter((p) => badgeRequests.includes(p.replace('/api', '')))).toHaveLength(3);
    // One badge request per run of effects, the strip's in a run of its own too.
    for (const requests of together) expect(requests).toHaveLength(1);
  });
});
