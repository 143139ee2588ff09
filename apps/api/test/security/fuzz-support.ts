import type { FastifyInstance } from 'fastify';
import { servedRoutes } from './route-inventory.js';
import type { World } from './world.js';

/** The body fuzzing suites' shared parts: the request schemas, the paths filled with the world's rows. Seeded draws: the contract's `seededRandom`. */

/** zod's own wording (English, or its Italian locale's half-English echo of the input), never a user's message. */
export const UNTRANSLATED =
  /Input non valido|ricevuto|Troppo (grande|piccolo):|atteso (numero|stringa|vettore|oggetto|booleano|instanceof)|Invalid input|[Ee]xpected [a-z]+, received|9007199254740991/;

/**
 * The JSON request schema of every served `/api/` route with one of `methods`, by `METHOD /path`
 * (Fastify's path), read back from the OpenAPI document the contract's schemas generate; null for a
 * route without a JSON body.
 */
export async function requestSchemas(app: FastifyInstance, methods: readonly string[]): Promise<Map<string, Record<string, unknown> | null>> {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> } }>>;
  };
  const schemas = new Map<string, Record<string, unknown> | null>();
  for (const route of servedRoutes(app)) {
    if (!methods.includes(route.method) || !route.path.startsWith('/api/')) continue;
    const openApiPath = route.path.replace(PATH_PARAM, '{$1}');
    const op = doc.paths[openApiPath]?.[route.method.toLowerCase()];
    schemas.set(`${route.method} ${route.path}`, op?.requestBody?.content?.['application/json']?.schema ?? null);
  }
  return schemas;
}

/** A Fastify path parameter, with the alternative names one segment has for other methods (`:serviceId|:id`). */
const PATH_PARAM = /:([A-Za-z_]+)(?:\|:[A-Za-z_]+)*/g;

/** The names of a route's path parameters, the first of each segment's alternatives. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(PATH_PARAM)].map((m) => m[1] as string);
}

/**
 * The value of each of a route's path parameters (Fastify's path, `/api/...`): alice's own row where
 * the route is about one of hers, shop A's in the back office, else a valid-shaped value; undefined
 * where the world has none (a path is filled with 1 there). The one map of the world's rows to
 * paths: the fuzzers and the authorization matrix fill paths with it.
 */
export function pathParams(w: World, path: string): Record<string, string | number | undefined> {
  return Object.fromEntries(pathParamNames(path).map((name) => [name, paramValue(w, path, name)]));
}

/**
 * A route's path with the world's rows in it ({@link pathParams}). `given` sets parameters as they
 * are (already percent-encoded), by name.
 */
export function fillPath(w: World, path: string, given: Record<string, string> = {}): string {
  return path.replace(PATH_PARAM, (_m, name: string) => given[name] ?? encodeURIComponent(String(paramValue(w, path, name) ?? 1)));
}

function paramValue(w: World, path: string, name: string): string | number | undefined {
  const { ids, params } = w;
  if (name === 'key' && path.includes('/content/')) return 'faq';
  if (name === 'type' && path.includes('/payment-type/')) return 'payInShop';
  // The applied voucher's id, though the segment is named for the code it is applied with (decision 0450).
  if (name === 'code' && path.startsWith('/api/cart/vouchers/')) return ids.cartVoucher;
  if (name !== 'id') return params[name];
  if (path.includes('/fiscalcode')) return ids.fiscalCode;
  if (path.includes('/address')) return ids.address;
  if (path.includes('/prescriptions')) return ids.prescription;
  if (path.includes('/product_requests')) return ids.productRequest;
  if (path.includes('/order')) return ids.order;
  if (/\/events?\//.test(path)) return ids.event;
  if (path.includes('/fidelityCard/')) return ids.loyaltyCard;
  if (path.includes('/payment-id/')) return ids.payment;
  if (/\/shop-?services\//.test(path)) return ids.shopService;
  if (/\/(service-groups|shopservicegroup)\//.test(path)) return ids.serviceGroup;
  if (path.includes('/info-requests/')) return ids.infoRequest;
  if (path.includes('/catalogue/imports/')) return ids.catalogueImport;
  if (path.startsWith('/api/reservations/')) return ids.reservation;
  if (path.startsWith('/api/files/')) return ids.file;
  if (path === '/api/cart/:id') return ids.cart;
  return backOfficeRow(w, path);
}

/** The back office's rows of shop A, by the path segment after `/api/admin/` that names their kind. */
const BACK_OFFICE_ROWS: Record<string, (w: World) => number> = {
  closures: (w) => w.ids.closure,
  reservations: (w) => w.ids.reservation,
  services: (w) => w.ids.serviceId,
  'service-categories': (w) => w.ids.serviceCategory,
  staff: (w) => w.ids.staff,
  vouchers: (w) => w.ids.voucher,
  'loyalty-cards': (w) => w.ids.loyaltyCardId,
  customers: (w) => w.alice.user.id,
  pharmacists: (w) => w.pharmacistA.user.id,
  shops: (w) => w.shopA,
};

function backOfficeRow(w: World, path: string): number | undefined {
  const kind = /^\/api\/admin\/([a-z-]+)\/:id/.exec(path)?.[1];
  return kind === undefined ? undefined : BACK_OFFICE_ROWS[kind]?.(w);
}
