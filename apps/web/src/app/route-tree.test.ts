import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeToken, json, mockFetch } from '../test/fetch-mock';
import { privateLayoutRoute } from './layout-route';
import { routeTree } from './route-tree';
import { parseSearch, stringifySearch } from '../lib/search-params';
import { setOnline } from '../lib/connectivity';
import { clearToken, setToken } from '../lib/session';

function routerAt(path: string) {
  return createRouter({
    routeTree,
    context: { queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) },
    history: createMemoryHistory({ initialEntries: [path] }),
    notFoundMode: 'root',
    parseSearch,
    stringifySearch,
  });
}

async function landOn(path: string): Promise<string> {
  const router = routerAt(path);
  await router.load();
  return router.state.location.href;
}

const profile = (checkprivacy: 0 | 1) => ({
  data: {
    id: 1,
    name: 'Maria Rossi',
    email: 'cliente@farmacia.demo',
    phone_number: '393331234567',
    codice_fiscale: 'RSSMRA85M41H501Q',
    checkprivacy,
    privacy1: 1,
    privacy2: 0,
    privacy3: 0,
  },
});

beforeEach(() => {
  clearToken();
  setOnline(true);
  // Screens' loaders fetch their data (the home its options): every call answers, 404 unless mocked.
  mockFetch({});
});
afterEach(() => {
  clearToken();
  vi.unstubAllGlobals();
});

describe('route tree', () => {
  it('opens Home from / and /app (spec §2)', async () => {
    expect(await landOn('/')).toBe('/app/home');
    expect(await landOn('/app')).toBe('/app/home');
  });

  it('sends a visitor from a private route to login with the return path', async () => {
    expect(privateLayoutRoute.id).toBe('/_app/_private');
    expect(await landOn('/app/user')).toBe('/auth/login?redirect=/app/user');
  });

  it('lets a logged-in user in, and sends them away from the login page', async () => {
    setToken(fakeToken(2_000_000_000));
    mockFetch({ 'GET /api/profile': json(profile(0)) });
    expect(await landOn('/app/user')).toBe('/app/user');
    expect(await landOn('/auth/login?redirect=/app/user')).toBe('/app/user');
  });

  it('keeps a user whose checkprivacy is on within the privacy pages', async () => {
    setToken(fakeToken(2_000_000_000));
    mockFetch({ 'GET /api/profile': json(profile(1)) });
    expect(await landOn('/app/home')).toBe('/app/privacycheck');
    expect(await landOn('/app/user')).toBe('/app/privacycheck');
    expect(await landOn('/app/privacy')).toBe('/app/privacy');
    expect(await landOn('/app/tos')).toBe('/app/tos');
    expect(await landOn('/app/privacycheck')).toBe('/app/privacycheck');
    // The seller's legal information stays reachable: every screen's footer links it (issue 15).
    expect(await landOn('/app/legal')).toBe('/app/legal');
    expect(await landOn('/app/accessibility')).toBe('/app/accessibility');
  });

  it('does not lock anyone out when the profile cannot be read', async () => {
    setToken(fakeToken(2_000_000_000));
    mockFetch({ 'GET /api/profile': json({ code: 'INTERNAL', message: 'x' }, 500) });
    expect(await landOn('/app/home')).toBe('/app/home');
  });

  it('drops a return path that leaves the app', async () => {
    const router = routerAt('/auth/login?redirect=https://evil.example&segment=signup&ref=AMICO1');
    await router.load();
    expect(router.state.matches.at(-1)?.search).toEqual({ redirect: undefined, segment: 'signup', ref: 'AMICO1' });
  });
});
