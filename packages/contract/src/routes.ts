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

/**
 * One domain's routes with the same `auth`, each call as data: 'METHOD /path', with ' owned' when
 * the path names a row of the caller (another user's answers 404).
 */
const routes = (auth: RouteAuth, domain: RouteDomain, calls: readonly string[]): ApiRoute[] =>
  calls.map((call) => {
    const [method, path = '', owned] = call.split(' ');
    return route(method as HttpMethod, path, auth, domain, owned === 'owned' ? true : undefined);
  });

/** Every call of spec §7, in the spec's order. */
export const API_ROUTES: readonly ApiRoute[] = [
  // Authentication
  ...routes('public', 'auth', ['POST /auth/login', 'POST /auth/recovery', 'POST /auth/reset', 'POST /auth/register']),
  ...routes('customer', 'auth', ['POST /auth/check', 'POST /auth/refresh', 'POST /auth/logout']),

  // Options, content and shops
  ...routes('public', 'shop', [
    'GET /option/:key', 'GET /optionsClean', 'GET /logo/logo.png', 'GET /', 'GET /content/:key', 'GET /media/:shopId/:name',
    'GET /shops',
  ]),
  ...routes('customer', 'shop', ['PUT /shops']),
  ...routes('public', 'shop', ['GET /shop/legal']),

  // Profile and privacy
  ...routes('customer', 'profile', ['GET /profile', 'PUT /profile', 'GET /profile/referrer', 'POST /setuserprivacy']),
  ...routes('customer', 'notification', [
    'GET /profile/notification/:type', 'GET /profile/notification/:type/:device', 'POST /profile/notification/:type/:device',
    'DELETE /profile/notification/:type/:device',
  ]),
  ...routes('public', 'profile', ['POST /error-log']),

  // Fiscal codes and addresses
  ...routes('customer', 'fiscal-code', [
    'GET /fiscalcode', 'GET /fiscalcode/:id owned', 'POST /fiscalcode', 'PUT /fiscalcode/:id owned',
    'DELETE /fiscalcode/:id owned',
  ]),
  ...routes('customer', 'address', [
    'GET /address', 'GET /address/:id owned', 'POST /address', 'PUT /address/:id owned', 'DELETE /address/:id owned',
  ]),

  // Loyalty and chat
  ...routes('customer', 'loyalty', ['GET /fidelityCard', 'GET /fidelityCard/:id owned']),
  ...routes('public', 'chat', ['GET /chatbot']),

  // Reservations, events, services
  ...routes('customer', 'booking', ['GET /reservations', 'GET /reservations/:id owned']),
  ...routes('public', 'booking', ['GET /reservations/:serviceId/:day', 'GET /reservations/event/:eventId/:day/:serviceId']),
  ...routes('customer', 'booking', ['POST /reservations/:id', 'DELETE /reservations/:id owned']),
  ...routes('public', 'booking', [
    'GET /services', 'GET /service-categories/:id', 'GET /services/:id', 'GET /services/:id/availability',
    'GET /services/:id/slots/:day', 'GET /event/getAll', 'GET /event/getAll/:shopId', 'GET /event/findOne/:id',
  ]),

  // Orders and payment
  ...routes('customer', 'order', [
    'GET /order', 'GET /order/:id owned', 'POST /order/:id/duplicate owned', 'POST /order/:id/payment-type/:type owned',
    'POST /order/:id/confirm owned', 'POST /order/:id/cancel owned',
  ]),
  // The withdrawal function (art. 11a Directive 2011/83/EU, decision 0698).
  ...routes('customer', 'order', ['GET /order-withdrawals', 'GET /order/:id/withdrawal owned', 'POST /order/:id/withdrawal owned']),
  ...routes('customer', 'payment', [
    'GET /order/:id/payment-methods owned', 'GET /payment/methods', 'GET /payment/:method/payment-id/:id owned',
    'GET /payment/:method/create/:orderId owned',
  ]),

  // Cart
  ...routes('customer', 'cart', [
    'GET /cart', 'PUT /cart', 'POST /cart/checkout', 'POST /cart/products/:code', 'DELETE /cart/products/:code',
    'DELETE /cart/:id owned',
  ]),
  ...routes('customer', 'voucher', ['POST /cart/vouchers/:code', 'DELETE /cart/vouchers/:code owned']),
  ...routes('customer', 'prescription', [
    'GET /cart/prescriptions', 'GET /cart/prescriptions/:id owned', 'POST /cart/prescriptions',
    'PUT /cart/prescriptions/:id owned', 'DELETE /cart/prescriptions/:id owned',
  ]),
  ...routes('customer', 'product-request', [
    'GET /cart/product_requests', 'GET /cart/product_requests/:id owned', 'POST /cart/product_requests',
    'PUT /cart/product_requests/:id owned', 'DELETE /cart/product_requests/:id owned',
  ]),
  // The file of a prescription or product request: its owner, or a pharmacist of the shop (decision 0201).
  ...routes('customer', 'file', ['GET /files/:id owned']),

  // Products
  ...routes('public', 'catalogue', [
    'GET /product/search', 'GET /product/searchByCategory', 'GET /product/category', 'GET /product/promotions',
    'GET /product/:code',
  ]),
  // A scanned pack's AIC or EAN-13 → the product's code (issue 20, decision 0471).
  ...routes('public', 'catalogue', ['GET /product-codes/:code']),

  // Shop services
  ...routes('public', 'booking', ['GET /shopservices', 'GET /shopservices/:id', 'GET /shopservices/category/:id']),
  ...routes('customer', 'booking', ['POST /shopservices']),
  ...routes('public', 'booking', ['GET /shopservicegroup/:id']),

  // Back office
  ...routes('pharmacist', 'admin', ['GET /admin/whoami']),
  // Back office: shop options, content, vouchers, loyalty cards, info requests (docs/decisions/0310-0314)
  ...routes('pharmacist', 'admin', [
    'GET /admin/options', 'PUT /admin/options', 'POST /admin/options/media', 'GET /admin/content', 'POST /admin/content/preview',
    'PUT /admin/content/:key', 'GET /admin/vouchers', 'POST /admin/vouchers', 'PUT /admin/vouchers/:id',
    'POST /admin/vouchers/:id/deactivate', 'GET /admin/loyalty-cards', 'GET /admin/loyalty-cards/:id',
    'POST /admin/loyalty-cards/:id/adjust', 'POST /admin/loyalty-cards/:id/reissue', 'POST /admin/loyalty-cards/:id/block',
    'POST /admin/loyalty-cards/:id/unblock', 'GET /admin/info-requests',
    'GET /admin/info-requests/:id', 'POST /admin/info-requests/:id/handle',
  ]),
  // Back office: catalogue upload, product edit and promotion (docs/decisions/0295)
  ...routes('pharmacist', 'admin', [
    'POST /admin/catalogue/imports', 'GET /admin/catalogue/imports/:id', 'GET /admin/catalogue/products/:code',
    'PUT /admin/catalogue/products/:code', 'PUT /admin/catalogue/products/:code/promotion',
    'DELETE /admin/catalogue/products/:code/promotion',
  ]),
  // Back office: customer look-up, history opened with a reason (docs/decisions/0297)
  ...routes('pharmacist', 'admin', ['GET /admin/customers', 'POST /admin/customers/:id/history']),
  // Back office: shops, admins only (docs/decisions/0298)
  ...routes('pharmacist', 'admin', ['GET /admin/shops', 'POST /admin/shops', 'PUT /admin/shops/:id']),
  // Back office: the shop's legal data, admins only (docs/decisions/0405)
  ...routes('pharmacist', 'admin', ['GET /admin/shops/:id/legal', 'PUT /admin/shops/:id/legal']),
  // Back office: bookings management (docs/api-bookings.md "Back office")
  ...routes('pharmacist', 'admin', [
    'GET /admin/reservation-customers', 'GET /admin/reservations/:id', 'POST /admin/reservations',
    'DELETE /admin/reservations/:id', 'GET /admin/services', 'POST /admin/services', 'PUT /admin/services/:id',
    'DELETE /admin/services/:id', 'GET /admin/service-categories', 'POST /admin/service-categories',
    'PUT /admin/service-categories/:id', 'DELETE /admin/service-categories/:id', 'GET /admin/service-groups',
    'POST /admin/service-groups', 'PUT /admin/service-groups/:id', 'DELETE /admin/service-groups/:id',
    'GET /admin/shop-services', 'POST /admin/shop-services', 'PUT /admin/shop-services/:id', 'DELETE /admin/shop-services/:id',
    'GET /admin/events', 'POST /admin/events', 'PUT /admin/events/:id', 'DELETE /admin/events/:id',
    'POST /admin/events/:id/availabilities', 'DELETE /admin/event-availabilities/:id', 'POST /admin/staff',
    'PUT /admin/staff/:id', 'GET /admin/staff/:id/hours', 'PUT /admin/staff/:id/hours',
  ]),
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
