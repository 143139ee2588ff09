import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../lib/session';
import { bookingsShop, setBookingsShop, shopBody, withShop } from './shop-scope';

const admin = { id: 1, name: 'Anna Admin', email: 'anna@example.it', role: 'admin' as const, shop_id: 1 };
const pharmacist = { ...admin, id: 2, role: 'pharmacist' as const };

describe("the admin's shop in the bookings screens", () => {
  afterEach(() => {
    setBookingsShop(null);
    clearSession();
  });

  it('adds the chosen shop to paths and bodies for an admin', () => {
    setSession('t', admin);
    setBookingsShop(5);
    expect(bookingsShop()).toBe(5);
    expect(withShop('/admin/services')).toBe('/admin/services?shop_id=5');
    expect(withShop('/admin/reservations?day=2026-03-07')).toBe('/admin/reservations?day=2026-03-07&shop_id=5');
    expect(shopBody()).toEqual({ shop_id: 5 });
  });

  it('adds nothing before an admin picks a shop, or after they clear it', () => {
    setSession('t', admin);
    expect(withShop('/admin/services')).toBe('/admin/services');
    setBookingsShop(5);
    setBookingsShop(null);
    expect(bookingsShop()).toBeNull();
    expect(shopBody()).toEqual({});
  });

  it('ignores a stored shop for a pharmacist: they always work on their own', () => {
    setSession('t', admin);
    setBookingsShop(5);
    setSession('t', pharmacist);
    expect(bookingsShop()).toBeNull();
    expect(withShop('/admin/services')).toBe('/admin/services');
  });

  it('ignores a stored value that is not a shop id', () => {
    setSession('t', admin);
    for (const bad of ['0', '-3', '2.5', 'abc', '9007199254740993']) {
      sessionStorage.setItem('farmacia.backoffice.bookingsShop', bad);
      expect(bookingsShop(), bad).toBeNull();
    }
  });
});
