/**
 * The shop a visitor picked (issue 18, decision 0544): remembered on the device in this cookie,
 * so the server's previews of home, search and product (decisions 0372–0374) are drawn for it,
 * and sent as `shop_id` on the public calls that read a shop. A signed-in customer's shop is their
 * associated one (`PUT /shops`): the app sends no `shop_id` for them.
 */
export const VISITOR_SHOP_COOKIE = 'farmacia_shop';

/** A year: the pick is a preference, like the app's other settings on the device. */
export const VISITOR_SHOP_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * The public reads that answer for a shop (`?shop_id`): catalogue, options, contents, legal data,
 * events, the service lists.
 */
const SHOP_SCOPED = /^\/(product(\/|\?|$)|option\/|optionsClean(\?|$)|content\/|shop\/legal(\?|$)|event\/getAll(\?|$)|services(\?|$)|shopservices(\?|$))/;

/**
 * `path` with the visitor's shop added as `shop_id`, exactly as the app and the server's previews
 * both write it (the previews' answers are keyed by the path the app asks). Paths that do not read
 * a shop, or no shop picked: unchanged.
 */
export function withVisitorShop(path: string, shopId: number | null): string {
  if (shopId === null || !SHOP_SCOPED.test(path)) return path;
  return `${path}${path.includes('?') ? '&' : '?'}shop_id=${shopId}`;
}

/**
 * A shop id as the device keeps it (the cookie's value, the app's signal to its other tabs), or
 * null when it is absent or not a positive integer.
 */
export function storedShopId(value: string | undefined | null): number | null {
  return value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
}

/** The shop id in a `Cookie` header's visitor cookie, or null (absent, not a positive integer). */
export function visitorShopOfCookie(cookieHeader: string | undefined | null): number | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=');
    const shopId = name === VISITOR_SHOP_COOKIE ? storedShopId(value) : null;
    if (shopId !== null) return shopId;
  }
  return null;
}
