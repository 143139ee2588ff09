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
 * A route's path with the world's rows in it: alice's own where the route is about one of hers.
 * `given` sets parameters as they are (already percent-encoded), by name.
 */
export function fillPath(w: World, path: string, given: Record<string, string> = {}): string {
  const { ids, params } = w;
  return path.replace(PATH_PARAM, (_m, name: string) => {
    if (name in given) return given[name] as string;
    if (name === 'key' && path.includes('/content/')) return 'faq';
    if (name === 'type' && path.includes('/payment-type/')) return 'payInShop';
    if (name !== 'id') return encodeURIComponent(String(params[name] ?? 1));
    if (path.includes('/fiscalcode')) return String(ids.fiscalCode);
    if (path.includes('/address')) return String(ids.address);
    if (path.includes('/prescriptions')) return String(ids.prescription);
    if (path.includes('/product_requests')) return String(ids.productRequest);
    if (path.includes('/order')) return String(ids.order);
    if (/\/events?\//.test(path)) return String(ids.event);
    if (path.includes('/fidelityCard/')) return ids.loyaltyCard;
    if (path.includes('/payment-id/')) return ids.payment;
    if (/\/shop-?services\//.test(path)) return String(ids.shopService);
    if (/\/(service-groups|shopservicegroup)\//.test(path)) return String(ids.serviceGroup);
    if (path.includes('/info-requests/')) return String(ids.infoRequest);
    if (path.includes('/catalogue/imports/')) return String(ids.catalogueImport);
    return String(backOfficeRow(w, path) ?? 1);
  });
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
