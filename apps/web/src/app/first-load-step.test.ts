import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch-mock';
import { setOnline } from '../lib/connectivity';
import { parseSearch, stringifySearch } from '../lib/search-params';
import { clearToken } from '../lib/session';
// Each test file has its own modules: this file's router load is the page's first.
import { routeTree } from './route-tree';

/** Every microtask the current task can still run: what the router does without waiting for a task. */
async function microtasks() {
  for (let i = 0; i < 200; i++) await Promise.resolve();
}

beforeEach(() => {
  clearToken();
  setOnline(true);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the router's first load (issue 22)", () => {
  it("matches the URL in one task and starts the screen's loaders in the next; later loads do not wait", async () => {
    const { calls } = mockFetch({});
    const router = createRouter({
      routeTree,
      context: { queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) },
      history: createMemoryHistory({ initialEntries: ['/app/search?q=tachipirina'] }),
      notFoundMode: 'root',
      parseSearch,
      stringifySearch,
    });

    const loading = router.load();
    await microtasks();
    // The search screen's loader asks the categories and the results: not in the matching's task.
    expect(calls).toHaveLength(0);
    await loading;
    expect(router.state.matches.map((match) => match.routeId)).toContain('/_app/app/search');
    expect(calls.map((call) => call.path)).toContain('/api/product/search');

    // A navigation afterwards runs its loaders at once, as before.
    const asked = calls.length;
    void router.navigate({ to: '/app/search', search: { q: 'aspirina' } });
    await microtasks();
    expect(calls.length).toBeGreaterThan(asked);
  });
});
