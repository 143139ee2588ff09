import { storedShopId, VISITOR_SHOP_COOKIE, VISITOR_SHOP_COOKIE_MAX_AGE_S, visitorShopOfCookie, withVisitorShop } from '@farmacia/contract';
import { createStore, useStore } from './external-store';
import { getToken, sessionToken } from './session';

/**
 * Which shop the app is showing (issue 18, decision 0544): a signed-in customer's associated shop,
 * else the shop a visitor picked, else the server's default. Every cached catalogue answer (search,
 * categories, product, promotions, cart) is keyed with {@link shopKey}, so answers of two shops
 * never share a cache entry, and a switch of shop (here or in another tab) fetches the new shop's.
 */

/** Written when the shop changes, read by the other tabs' `storage` event (the cookie has none). */
const SHOP_SIGNAL_KEY = 'farmacia.shop';

function cookieShop(): number | null {
  return typeof document === 'undefined' ? null : visitorShopOfCookie(document.cookie);
}

/** The `shop` claim of a token (the associated shop when it was issued), or null. */
function tokenShop(token: string): number | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const shop = (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { shop?: unknown }).shop;
    return typeof shop === 'number' && Number.isInteger(shop) ? shop : null;
  } catch {
    return null;
  }
}

/** The visitor's pick (the cookie), and the signed-in customer's shop once `/shops` answered. */
const pickedShop = createStore<number | null>(cookieShop());
const signedInShop = createStore<number | null>(null);

/** The cache key part of the shop the app shows now: its id, or 'default' for a visitor who picked none. */
export function shopKey(): string {
  const token = getToken();
  if (token) return String(signedInShop.get() ?? tokenShop(token) ?? 'user');
  return String(pickedShop.get() ?? 'default');
}

/** {@link shopKey} for a component: it renders again (new query keys) when the shop changes. */
export function useShopKey(): string {
  useStore(pickedShop);
  useStore(signedInShop);
  useStore(sessionToken);
  return shopKey();
}

/** The shop a visitor picked, or null (none, or a signed-in customer: their shop is the server's). */
export function visitorShop(): number | null {
  return getToken() ? null : pickedShop.get();
}

/** A public path with the visitor's shop as `shop_id` (the contract's rule, shared with the server's previews). */
export function withCurrentVisitorShop(path: string): string {
  return withVisitorShop(path, visitorShop());
}

function signal(shopId: number | null): void {
  try {
    if (shopId === null) localStorage.removeItem(SHOP_SIGNAL_KEY);
    else localStorage.setItem(SHOP_SIGNAL_KEY, String(shopId));
  } catch {
    // Storage disabled: the other tabs follow on their next load.
  }
}

/** Remembers a visitor's shop on the device (null forgets it: the default shop again). */
export function pickShop(shopId: number | null): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox; one fixed name, a number value
  document.cookie =
    shopId === null
      ? `${VISITOR_SHOP_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`
      : `${VISITOR_SHOP_COOKIE}=${shopId}; Path=/; Max-Age=${VISITOR_SHOP_COOKIE_MAX_AGE_S}; SameSite=Lax`;
  pickedShop.set(shopId);
  signal(shopId);
}

/**
 * The signed-in customer's shop as `GET`/`PUT /shops` answered it. A switch is also remembered as
 * the device's pick (the shop shown after logging out) and told to the other tabs.
 */
export function setSignedInShop(shopId: number, switched: boolean): void {
  signedInShop.set(shopId);
  if (switched) pickShop(shopId);
}

/**
 * Calls `onChange` when another tab switched or picked a shop, after this tab follows it.
 *
 * The event's own value is the truth, not this tab's `document.cookie`: Chromium delivers the
 * storage event and the cookie change to another renderer on separate channels, and under load the
 * event came first, so a tab that re-read the cookie kept the old shop (the two-tabs journey).
 * `onChange` runs in a later task: by then React has rendered the new shop's query keys, so
 * refetching the active queries never fetches the new shop's answers into the old shop's keys.
 */
export function onShopChangedElsewhere(onChange: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key !== SHOP_SIGNAL_KEY) return;
    const shopId = storedShopId(event.newValue);
    pickedShop.set(shopId);
    if (getToken() && shopId !== null) signedInShop.set(shopId);
    setTimeout(onChange, 0);
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

// A new session starts from its token's shop, not the previous session's.
sessionToken.subscribe(() => signedInShop.set(null));
