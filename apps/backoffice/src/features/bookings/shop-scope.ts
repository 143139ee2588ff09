import { currentStaff } from '../../lib/session';

const KEY = 'farmacia.backoffice.bookingsShop';

/**
 * The shop an admin works on in the bookings screens (a pharmacist always works on their own: the
 * server ignores `shop_id` for them). Kept for the tab, like the session.
 */
export function bookingsShop(): number | null {
  if (currentStaff()?.role !== 'admin') return null;
  const value = Number(sessionStorage.getItem(KEY));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

export function setBookingsShop(id: number | null): void {
  if (id === null) sessionStorage.removeItem(KEY);
  else sessionStorage.setItem(KEY, String(id));
}

/** Appends `shop_id` for an admin who picked a shop: `withShop('/admin/services')`. */
export function withShop(path: string): string {
  const shop = bookingsShop();
  if (shop === null) return path;
  return `${path}${path.includes('?') ? '&' : '?'}shop_id=${shop}`;
}

/** The `shop_id` a create body carries for an admin who picked a shop. */
export function shopBody(): { shop_id?: number } {
  const shop = bookingsShop();
  return shop === null ? {} : { shop_id: shop };
}
