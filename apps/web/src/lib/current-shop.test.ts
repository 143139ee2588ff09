import { VISITOR_SHOP_COOKIE } from '@farmacia/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeToken, json, mockFetch } from '../test/fetch-mock';
import { api } from './api-client';
import { onShopChangedElsewhere, pickShop, setSignedInShop, shopKey } from './current-shop';
import { clearToken, setToken } from './session';

/** The URL (path and query) of each fetch the app made. */
const urls = (fetchMock: ReturnType<typeof mockFetch>['fetchMock']) =>
  fetchMock.mock.calls.map(([input]) => String(input).replace(/^https?:\/\/[^/]+/, ''));

beforeEach(() => {
  clearToken();
  pickShop(null);
});
afterEach(() => vi.unstubAllGlobals());

/** Issue 18, decision 0544: the shop the app shows, in the cache keys and in a visitor's calls. */
describe('current shop', () => {
  it("keys a visitor's catalogue by the shop picked (remembered in the cookie) and sends it as shop_id on the public reads only", async () => {
    const { fetchMock } = mockFetch({ 'GET /api/product/search': json({}), 'GET /api/cart': json({}), 'POST /api/things': json({}), 'GET /api/shops': json({}) });
    expect(shopKey()).toBe('default');
    await api('/product/search?q=tachipirina');
    pickShop(2);
    expect(shopKey()).toBe('2');
    expect(document.cookie).toContain(`${VISITOR_SHOP_COOKIE}=2`);
    await api('/product/search?q=tachipirina');
    await api('/shops');
    await api('/things', { method: 'POST', body: {} });
    expect(urls(fetchMock)).toEqual(['/api/product/search?q=tachipirina', '/api/product/search?q=tachipirina&shop_id=2', '/api/shops', '/api/things']);
    pickShop(null);
    expect(document.cookie).not.toContain(VISITOR_SHOP_COOKIE);
    expect(shopKey()).toBe('default');
  });

  it("keys a signed-in customer's catalogue by their own shop and never sends a visitor's pick for them", async () => {
    pickShop(2);
    setToken(fakeToken(2_000_000_000));
    const { fetchMock } = mockFetch({ 'GET /api/product/search': json({}) });
    await api('/product/search?q=tachipirina');
    expect(urls(fetchMock)).toEqual(['/api/product/search?q=tachipirina']);
    setSignedInShop(3, false);
    expect(shopKey()).toBe('3');
    // Logging out: the visitor's pick again.
    clearToken();
    expect(shopKey()).toBe('2');
  });

  it('follows a shop switched in another tab of the device', async () => {
    setToken(fakeToken(2_000_000_000));
    setSignedInShop(1, false);
    const changed = vi.fn();
    const stop = onShopChangedElsewhere(changed);
    window.dispatchEvent(new StorageEvent('storage', { key: 'farmacia.shop', newValue: '2' }));
    expect(shopKey()).toBe('2');
    await vi.waitFor(() => expect(changed).toHaveBeenCalledOnce());
    stop();
  });

  it("follows a visitor's pick in another tab from the event itself, though this tab's cookie still says the old shop", async () => {
    // The other tab wrote the cookie and the signal; in Chromium the signal can reach this tab first.
    const changed = vi.fn(() => shopKey());
    const stop = onShopChangedElsewhere(changed);
    const { fetchMock } = mockFetch({ 'GET /api/product/search': json({}) });
    expect(document.cookie).not.toContain(VISITOR_SHOP_COOKIE);
    window.dispatchEvent(new StorageEvent('storage', { key: 'farmacia.shop', newValue: '2' }));
    expect(shopKey()).toBe('2');
    await api('/product/search?q=tachipirina');
    expect(urls(fetchMock)).toEqual(['/api/product/search?q=tachipirina&shop_id=2']);
    // The refetch it asks for runs once the new keys are in place (after this task), on the new shop.
    expect(changed).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(changed).toHaveReturnedWith('2'));
    // Forgotten in the other tab: the default shop again.
    window.dispatchEvent(new StorageEvent('storage', { key: 'farmacia.shop', newValue: null }));
    expect(shopKey()).toBe('default');
    stop();
  });
});
