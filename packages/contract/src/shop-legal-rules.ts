import type { ShopLegal } from './shop-legal.js';

/**
 * The seller strip's rule (issue 22, decision 0579), kept apart from shop-legal.ts (zod schemas
 * built at module load): the strip shows on every page that sells medicines — home, search,
 * product, cart, checkout — and must not evaluate zod there on a phone's start. shop-legal.ts
 * re-exports it: the contract's API is unchanged.
 */

/**
 * The link of the EU common logo, or null when the logo must not show: only a shop with its
 * Ministry authorization and its entry in the Ministry's list may display it (decision 0405).
 */
export function euLogoLinkOf(legal: Pick<ShopLegal, 'ministry_authorization_code' | 'ministry_list_url'> | null | undefined): string | null {
  return legal?.ministry_authorization_code && legal.ministry_list_url ? legal.ministry_list_url : null;
}
