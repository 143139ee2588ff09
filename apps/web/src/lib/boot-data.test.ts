import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeToken, json, mockFetch } from '../test/fetch-mock';
import { api } from './api-client';
import { clearToken, setToken } from './session';

// The page's answers serve only its first 30 s: on a loaded host the test worker can be older than that.
beforeEach(() => {
  vi.spyOn(performance, 'now').mockReturnValue(1_000);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearToken();
});

describe('answers the page carries (#boot-data, decision 0353)', () => {
  it("serve a visitor's first GET of that path once, never a logged-in user's, then the server answers", async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'boot-data';
    script.textContent = JSON.stringify({ '/optionsClean': { data: { shop_name: 'Dalla pagina' } }, '/product/123': { name: 'Dalla pagina' } });
    document.body.append(script);
    const { calls } = mockFetch({
      'GET /api/optionsClean': json({ data: { shop_name: 'Dal server' } }),
      'GET /api/product/123': json({ name: 'Dal server' }),
    });

    await expect(api('/optionsClean')).resolves.toEqual({ data: { shop_name: 'Dalla pagina' } });
    expect(calls).toHaveLength(0);
    await expect(api('/optionsClean')).resolves.toEqual({ data: { shop_name: 'Dal server' } });
    expect(calls).toHaveLength(1);

    // A logged-in user's answer may differ (their shop): always from the server.
    setToken(fakeToken(2_000_000_000));
    await expect(api('/product/123')).resolves.toEqual({ name: 'Dal server' });
    expect(calls).toHaveLength(2);
  });
});

describe("a page's answer (issue 22)", () => {
  it('comes in a task after the call, not in the same task: the router\'s first load is not one long task', async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'boot-data';
    script.textContent = JSON.stringify({ '/product/456': { name: 'Dalla pagina' } });
    document.getElementById('boot-data')?.remove();
    document.body.append(script);
    const { calls } = mockFetch({});
    // A fresh copy of the modules: the page's answers are read once, by the first call.
    vi.resetModules();
    const fresh = await import('./api-client');
    let answered = false;
    const call = fresh.api('/product/456').then(() => {
      answered = true;
    });
    // Every microtask of this task: the answer must not be among them.
    for (let i = 0; i < 50; i++) await Promise.resolve();
    expect(answered).toBe(false);
    await call;
    expect(answered).toBe(true);
    expect(calls).toHaveLength(0);
  });
});
