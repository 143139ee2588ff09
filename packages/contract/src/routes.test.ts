import { describe, expect, it } from 'vitest';
import { API_ROUTES, apiPath, ownedRoutes, pathParams, protectedRoutes } from './routes.js';

describe('route table', () => {
  it('has no duplicate method + path', () => {
    const keys = API_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('every owned route is protected and names a param', () => {
    for (const route of ownedRoutes()) {
      expect(route.auth, route.path).not.toBe('public');
      expect(pathParams(route.path).length, route.path).toBeGreaterThan(0);
    }
  });

  it('the private data of spec §6 needs a token', () => {
    const isProtected = (method: string, path: string) =>
      protectedRoutes().some((r) => r.method === method && r.path === path);
    for (const [method, path] of [
      ['GET', '/profile'],
      ['GET', '/cart'],
      ['GET', '/order'],
      ['GET', '/fiscalcode'],
      ['GET', '/address'],
      ['GET', '/fidelityCard'],
      ['GET', '/reservations'],
      ['POST', '/reservations/:id'],
      ['POST', '/cart/prescriptions'],
    ]) {
      expect(isProtected(method!, path!), `${method} ${path}`).toBe(true);
    }
    expect(isProtected('GET', '/product/search')).toBe(false);
    expect(isProtected('POST', '/auth/login')).toBe(false);
  });

  it('fills params and prefixes /api', () => {
    expect(pathParams('/reservations/event/:eventId/:day/:serviceId')).toEqual(['eventId', 'day', 'serviceId']);
    expect(apiPath('/order/:id/payment-type/:type', { id: 7, type: 'nexi' })).toBe('/api/order/7/payment-type/nexi');
    expect(apiPath('/')).toBe('/api/');
    expect(apiPath('/cart/vouchers/:code', { code: 'A/B' })).toBe('/api/cart/vouchers/A%2FB');
    expect(() => apiPath('/order/:id')).toThrow(/id/);
  });
});
