import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeToken, json, mockFetch } from '../test/fetch-mock';
import { api } from './api-client';
import { clearToken, setToken } from './session';

afterEach(() => {
  vi.unstubAllGlobals();
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
