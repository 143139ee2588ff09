/**
 * The route table of spec §7 as data: every call the app makes, with who may make it.
 * Used by the API's authorization test matrix (every `customer` route answers 401 without a
 * token; every `owned` route answers 404 for another user's row) and by the OpenAPI check
 * (every route here is registered). Paths are relative to {@link API_BASE_PATH} and use
 * Fastify's `:param` syntax. Where the spec leaves a path out ("path not shown"), the path here is
 * the one the owning module documents (docs/api-*.md).
 */

/** Every API path starts with this. */
export const API_BASE_PATH = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route: `public` anyone (a bearer token, when sent, may personalise the answer);
 * `customer` any logged-in user (customer, pharmacist or admin acting as a customer);
 * `pharmacist` the shop's staff (pharmacist or admin), back office only.
 */
export type RouteAuth = 'public' | 'customer' | 'pharmacist';

export interface ApiRoute {
  method: HttpMethod;
  /** Relative to `/api`, `:param` placeholders. */
  path: string;
  auth: RouteAuth;
  /**
   * The `:id` (or other param) names a row that belongs to the caller: another user's row
   * answers 404, never the row (team rule).
   */
  owned?: boolean;
  /** The contract module / API module that owns the route. */
  domain: RouteDomain;
}

export type RouteDomain =
  | 'auth'
  | 'shop'
  | 'profile'
  | 'notification'
  | 'fiscal-code'
  | 'address'
  | 'loyalty'
  | 'chat'
  | 'booking'
  | 'order'
  | 'payment'
  | 'cart'
  | 'prescription'
  | 'product-request'
  | 'voucher'
  | 'file'
  | 'catalogue'
  | 'admin';

const route = (method: HttpMethod, path: string, auth: RouteAuth, domain: RouteDomain, owned?: true): ApiRoute =>
  owned ? { method, path, auth, domain, owned } : { method, path, auth, domain };

/** Every call of spec §7, in the spec's order. */
export const API_ROUTES: readonly ApiRoute[] = [
  // Authentication
  route('POST', '/auth/login', 'public', 'auth'),
  route('POST', '/auth/recovery', 'public', 'auth'),
  route('POST', '/auth/reset', 'public', 'auth'),
  route('POST', '/auth/register', 'public', 'auth'),
  route('POST', '/auth/check', 'customer', 'auth'),
  route('POST', '/auth/refresh', 'customer', 'auth'),
  route('POST', '/auth/logout', 'customer', 'auth'),

  // Options, content and shops
  route('GET', '/option/:key', 'public', 'shop'),
  route('GET', '/optionsClean', 'public', 'shop'),
  route('GET', '/logo/logo.png', 'public', 'shop'),
  route('GET', '/', 'public', 'shop'),
  route('GET', '/content/:key', 'public', 'shop'),
  route('GET', '/media/:shopId/:name', 'public', 'shop'),
  route('GET', '/shops', 'public', 'shop'),
  route('PUT', '/shops', 'customer', 'shop'),
  route('GET', '/shop/legal', 'public', 'shop'),

  // Profile and privacy
  route('GET', '/profile', 'customer', 'profile'),
  route('PUT', '/profile', 'customer', 'profile'),
  route('GET', '/profile/referrer', 'customer', 'profile'),
  route('POST', '/setuserprivacy', 'customer', 'profile'),
  route('GET', '/profile/notification/:type', 'customer', 'notification'),
  route('GET', '/profile/notification/:type/:device', 'customer', 'notification'),
  route('POST', '/profile/notification/:type/:device', 'customer', 'notification'),
  route('DELETE', '/profile/notification/:type/:device', 'customer', 'notification'),
  route('POST', '/error-log', 'public', 'profile'),

  // Fiscal codes and addresses
  route('GET', '/fiscalcode', 'customer', 'fiscal-code'),
  route('GET', '/fiscalcode/:id', 'customer', 'fiscal-code', true),
  route('POST', '/fiscalcode', 'customer', 'fiscal-code'),
  route('PUT', '/fiscalcode/:id', 'customer', 'fiscal-code', true),
  route('DELETE', '/fiscalcode/:id', 'customer', 'fiscal-code', true),
  route('GET', '/address', 'customer', 'address'),
  route('GET', '/address/:id', 'customer', 'address', true),
  route('POST', '/address', 'customer', 'address'),
  route('PUT', '/address/:id', 'customer', 'address', true),
  route('DELETE', '/address/:id', 'customer', 'address', true),

  // Loyalty and chat
  route('GET', '/fidelityCard', 'customer', 'loyalty'),
  route('GET', '/fidelityCard/:id', 'customer', 'loyalty', true),
  route('GET', '/chatbot', 'public', 'chat'),

  // Reservations, events, services
  route('GET', '/reservations', 'customer', 'booking'),
  route('GET', '/reservations/:id', 'customer', 'booking', true),
  route('GET', '/reservations/:serviceId/:day', 'public', 'booking'),
  route('GET', '/reservations/event/:eventId/:day/:serviceId', 'public', 'booking'),
  route('POST', '/reservations/:id', 'customer', 'booking'),
  route('DELETE', '/reservations/:id', 'customer', 'booking', true),
  route('GET', '/services', 'public', 'booking'),
  route('GET', '/service-categories/:id', 'public', 'booking'),
  route('GET', '/services/:id', 'public', 'booking'),
  route('GET', '/services/:id/availability', 'public', 'booking'),
  route('GET', '/services/:id/slots/:day', 'public', 'booking'),
  route('GET', '/event/getAll', 'public', 'booking'),
  route('GET', '/event/getAll/:shopId', 'public', 'booking'),
  route('GET', '/event/findOne/:id', 'public', 'booking'),

  // Orders and payment
  route('GET', '/order', 'customer', 'order'),
  route('GET', '/order/:id', 'customer', 'order', true),
  route('POST', '/order/:id/duplicate', 'customer', 'order', true),
  route('POST', '/order/:id/payment-type/:type', 'customer', 'order', true),
  route('POST', '/order/:id/confirm', 'customer', 'order', true),
  route('POST', '/order/:id/cancel', 'customer', 'order', true),
  route('GET', '/order/:id/payment-methods', 'customer', 'payment', true),
  route('GET', '/payment/methods', 'customer', 'payment'),
  route('GET', '/payment/:method/payment-id/:id', 'customer', 'payment'),
  route('GET', '/payment/:method/create/:orderId', 'customer', 'payment', true),

  // Cart
  route('GET', '/cart', 'customer', 'cart'),
  route('PUT', '/cart', 'customer', 'cart'),
  route('POST', '/cart/checkout', 'customer', 'cart'),
  route('POST', '/cart/products/:code', 'customer', 'cart'),
  route('DELETE', '/cart/products/:code', 'customer', 'cart'),
  route('DELETE', '/cart/:id', 'customer', 'cart', true),
  route('POST', '/cart/vouchers/:code', 'customer', 'voucher'),
  route('DELETE', '/cart/vouchers/:code', 'customer', 'voucher', true),
  route('GET', '/cart/prescriptions', 'customer', 'prescription'),
  route('GET', '/cart/prescriptions/:id', 'customer', 'prescription', true),
  route('POST', '/cart/prescriptions', 'customer', 'prescription'),
  route('PUT', '/cart/prescriptions/:id', 'customer', 'prescription', true),
  route('DELETE', '/cart/prescriptions/:id', 'customer', 'prescription', true),
  route('GET', '/cart/product_requests', 'customer', 'product-request'),
  route('GET', '/cart/product_requests/:id', 'customer', 'product-request', true),
  route('POST', '/cart/product_requests', 'customer', 'product-request'),
  route('PUT', '/cart/product_requests/:id', 'customer', 'product-request', true),
  route('DELETE', '/cart/product_requests/:id', 'customer', 'product-request', true),
  // The file of a prescription or product request: its owner, or a pharmacist of the shop (decision 0201).
  route('GET', '/files/:id', 'customer', 'file', true),

  // Products
  route('GET', '/product/search', 'public', 'catalogue'),
  route('GET', '/product/searchByCategory', 'public', 'catalogue'),
  route('GET', '/product/category', 'public', 'catalogue'),
  route('GET', '/product/promotions', 'public', 'catalogue'),
  route('GET', '/product/:code', 'public', 'catalogue'),
  // A scanned pack's AIC or EAN-13 → the product's code (issue 20, decision 0471).
  route('GET', '/product-codes/:code', 'public', 'catalogue'),

  // Shop services
  route('GET', '/shopservices', 'public', 'booking'),
  route('GET', '/shopservices/:id', 'public', 'booking'),
  route('GET', '/shopservices/category/:id', 'public', 'booking'),
  route('POST', '/shopservices', 'customer', 'booking'),
  route('GET', '/shopservicegroup/:id', 'public', 'booking'),

  // Back office
  route('GET', '/admin/whoami', 'pharmacist', 'admin'),
  // Back office: shop options, content, vouchers, loyalty cards, info requests (docs/decisions/0310-0314)
  route('GET', '/admin/options', 'pharmacist', 'admin'),
  route('PUT', '/admin/options', 'pharmacist', 'admin'),
  route('POST', '/admin/options/media', 'pharmacist', 'admin'),
  route('GET', '/admin/content', 'pharmacist', 'admin'),
  route('POST', '/admin/content/preview', 'pharmacist', 'admin'),
  route('PUT', '/admin/content/:key', 'pharmacist', 'admin'),
  route('GET', '/admin/vouchers', 'pharmacist', 'admin'),
  route('POST', '/admin/vouchers', 'pharmacist', 'admin'),
  route('PUT', '/admin/vouchers/:id', 'pharmacist', 'admin'),
  route('POST', '/admin/vouchers/:id/deactivate', 'pharmacist', 'admin'),
  route('GET', '/admin/loyalty-cards', 'pharmacist', 'admin'),
  route('GET', '/admin/loyalty-cards/:id', 'pharmacist', 'admin'),
  route('POST', '/admin/loyalty-cards/:id/adjust', 'pharmacist', 'admin'),
  route('POST', '/admin/loyalty-cards/:id/reissue', 'pharmacist', 'admin'),
  route('GET', '/admin/info-requests', 'pharmacist', 'admin'),
  route('GET', '/admin/info-requests/:id', 'pharmacist', 'admin'),
  route('POST', '/admin/info-requests/:id/handle', 'pharmacist', 'admin'),
  // Back office: catalogue upload, product edit and promotion (docs/decisions/0295)
  route('POST', '/admin/catalogue/imports', 'pharmacist', 'admin'),
  route('GET', '/admin/catalogue/imports/:id', 'pharmacist', 'admin'),
  route('GET', '/admin/catalogue/products/:code', 'pharmacist', 'admin'),
  route('PUT', '/admin/catalogue/products/:code', 'pharmacist', 'admin'),
  route('PUT', '/admin/catalogue/products/:code/promotion', 'pharmacist', 'admin'),
  route('DELETE', '/admin/catalogue/products/:code/promotion', 'pharmacist', 'admin'),
  // Back office: customer look-up, history opened with a reason (docs/decisions/0297)
  route('GET', '/admin/customers', 'pharmacist', 'admin'),
  route('POST', '/admin/customers/:id/history', 'pharmacist', 'admin'),
  // Back office: shops, admins only (docs/decisions/0298)
  route('GET', '/admin/shops', 'pharmacist', 'admin'),
  route('POST', '/admin/shops', 'pharmacist', 'admin'),
  route('PUT', '/admin/shops/:id', 'pharmacist', 'admin'),
  // Back office: the shop's legal data, admins only (docs/decisions/0405)
  route('GET', '/admin/shops/:id/legal', 'pharmacist', 'admin'),
  route('PUT', '/admin/shops/:id/legal', 'pharmacist', 'admin'),
  // Back office: bookings management (docs/api-bookings.md "Back office")
  route('GET', '/admin/reservation-customers', 'pharmacist', 'admin'),
  route('GET', '/admin/reservations/:id', 'pharmacist', 'admin'),
  route('POST', '/admin/reservations', 'pharmacist', 'admin'),
  route('DELETE', '/admin/reservations/:id', 'pharmacist', 'admin'),
  route('GET', '/admin/services', 'pharmacist', 'admin'),
  route('POST', '/admin/services', 'pharmacist', 'admin'),
  route('PUT', '/admin/services/:id', 'pharmacist', 'admin'),
  route('DELETE', '/admin/services/:id', 'pharmacist', 'admin'),
  route('GET', '/admin/service-categories', 'pharmacist', 'admin'),
  route('POST', '/admin/service-categories', 'pharmacist', 'admin'),
  route('PUT', '/admin/service-categories/:id', 'pharmacist', 'admin'),
  route('DELETE', '/admin/service-categories/:id', 'pharmacist', 'admin'),
  route('GET', '/admin/service-groups', 'pharmacist', 'admin'),
  route('POST', '/admin/service-groups', 'pharmacist', 'admin'),
  route('PUT', '/admin/service-groups/:id', 'pharmacist', 'admin'),
  route('DELETE', '/admin/service-groups/:id', 'pharmacist', 'admin'),
  route('GET', '/admin/shop-services', 'pharmacist', 'admin'),
  route('POST', '/admin/shop-services', 'pharmacist', 'admin'),
  route('PUT', '/admin/shop-services/:id', 'pharmacist', 'admin'),
  route('DELETE', '/admin/shop-services/:id', 'pharmacist', 'admin'),
  route('GET', '/admin/events', 'pharmacist', 'admin'),
  route('POST', '/admin/events', 'pharmacist', 'admin'),
  route('PUT', '/admin/events/:id', 'pharmacist', 'admin'),
  route('DELETE', '/admin/events/:id', 'pharmacist', 'admin'),
  route('POST', '/admin/events/:id/availabilities', 'pharmacist', 'admin'),
  route('DELETE', '/admin/event-availabilities/:id', 'pharmacist', 'admin'),
  route('POST', '/admin/staff', 'pharmacist', 'admin'),
  route('PUT', '/admin/staff/:id', 'pharmacist', 'admin'),
  route('GET', '/admin/staff/:id/hours', 'pharmacist', 'admin'),
  route('PUT', '/admin/staff/:id/hours', 'pharmacist', 'admin'),
  // Live updates (issue 19, decision 0525): Server-Sent Events streams.
  route('GET', '/live', 'customer', 'order'),
  route('GET', '/admin/live', 'pharmacist', 'admin'),
];

/** The routes that need a token. */
export function protectedRoutes(routes: readonly ApiRoute[] = API_ROUTES): ApiRoute[] {
  return routes.filter((r) => r.auth !== 'public');
}

/** The routes that address a row of the caller (another user's → 404). */
export function ownedRoutes(routes: readonly ApiRoute[] = API_ROUTES): ApiRoute[] {
  return routes.filter((r) => r.owned === true);
}

/** Names of the `:params` of a path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] ?? '');
}

/**
 * Fills a path's `:params` (URL-encoded) and prefixes `/api`:
 * `apiPath('/order/:id/confirm', { id: 7 })` → '/api/order/7/confirm'. A missing param throws,
 * so a test matrix never calls a half-filled path by mistake.
 */
export function apiPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  const filled = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path param '${name}' for ${path}`);
    return encodeURIComponent(String(value));
  });
  return filled === '/' ? `${API_BASE_PATH}/` : `${API_BASE_PATH}${filled}`;
}
