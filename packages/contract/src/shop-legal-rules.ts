/*
 * The shop-legal rule the seller strip under every medicines page asks (home, search, product):
 * without zod, so those pages' start evaluates no schema (issue 22, decisions 0570, 0582).
 * `shop-legal.ts` re-exports it.
 */

/**
 * The link of the EU common logo, or null when the logo must not show: only a shop with its
 * Ministry authorization and its entry in the Ministry's list may display it (decision 0405).
 */
export function euLogoLinkOf(
  legal: { ministry_authorization_code: string | null; ministry_list_url: string | null } | null | undefined,
): string | null {
  return legal?.ministry_authorization_code && legal.ministry_list_url ? legal.ministry_list_url : null;
}
