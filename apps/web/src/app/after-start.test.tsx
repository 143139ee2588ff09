import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../test/fetch-mock';
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
