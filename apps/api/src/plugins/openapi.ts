import {
  API_BASE_PATH,
  API_ROUTES,
  type ApiRoute,
  BackofficeBookingErrorCode,
  BookingErrorCode,
  ErrorCode,
  HealthDataErrorCode,
  REQUEST_TEXT_PATTERN,
  WithdrawalErrorCode,
} from '@farmacia/contract';
import type { SwaggerTransformObject } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { STATUS_BY_CODE } from '../errors.js';

/**
 * The OpenAPI document is derived, not written: every operation gets its operationId, summary,
 * security and every error status it can answer from what the route already declares (the
 * contract's route table for who may call it, its params/body/querystring schemas, its rate
 * limit). A route adds only what cannot be derived, in `config.openapi` (see {@link RouteOpenApi}).
 * The API suites check every response against this document (apps/api/test/openapi-check.ts).
 */
/**
 * The status each domain error code answers (the `kind` its AppError is thrown with). A code a
 * service throws is listed here once; a route names the codes it can answer in `config.openapi.errors`.
 */
export const DOMAIN_ERROR_STATUS = {
  AUTH_INVALID_CREDENTIALS: 401,
  /** A prescription or request sent without the separate consent to health data (decision 0410). */
  [HealthDataErrorCode.CONSENT_REQUIRED]: 403,
  PRODUCT_NOT_FOUND: 404,
  CATEGORY_NOT_FOUND: 404,
  VOUCHER_NOT_IN_CART: 404,
  ADDRESS_DEFAULT_CONFLICT: 409,
  CART_CHANGED: 409,
  FISCAL_CODE_MAIN_NOT_DELETABLE: 409,
  FISCAL_CODE_NOT_EDITABLE: 409,
  ORDER_ALREADY_PAID: 409,
  ORDER_NOT_FINALIZING: 409,
  ORDER_NOT_PAYABLE: 409,
  ORDER_NOT_SHIPPABLE: 409,
  ORDER_NOT_SHIPPED: 409,
  ORDER_NOTHING_TO_REORDER: 409,
  ORDER_PAYMENT_IN_PROGRESS: 409,
  ORDER_PAYMENT_REQUIRED: 409,
  ORDER_TRANSITION_NOT_ALLOWED: 409,
  PAYMENT_METHOD_MISMATCH: 409,
  ORDER_NOT_PAID_ONLINE: 409,
  REFUND_IN_PROGRESS: 409,
  REFUND_NOT_RETRYABLE: 409,
  [BookingErrorCode.SLOT_TAKEN]: 409,
  [BookingErrorCode.NOT_CANCELLABLE]: 409,
  [BookingErrorCode.ALREADY_CANCELLED]: 409,
  [BookingErrorCode.SLOT_UNAVAILABLE]: 422,
  [BackofficeBookingErrorCode.CATEGORY_IN_USE]: 409,
  [BackofficeBookingErrorCode.GROUP_IN_USE]: 409,
  [BackofficeBookingErrorCode.AVAILABILITY_BOOKED]: 409,
  [WithdrawalErrorCode.notReceived]: 409,
  [WithdrawalErrorCode.cancelled]: 409,
  [WithdrawalErrorCode.periodOver]: 409,
  [WithdrawalErrorCode.alreadyWithdrawn]: 409,
  [WithdrawalErrorCode.nothingReturnable]: 409,
} as const;

/** A code a route may answer beyond the derived ones: a domain code, or a generic one (e.g. NOT_FOUND without params). */
export type DocumentedErrorCode = keyof typeof DOMAIN_ERROR_STATUS | ErrorCode;

const statusOfCode = (code: DocumentedErrorCode): number =>
  code in DOMAIN_ERROR_STATUS
    ? DOMAIN_ERROR_STATUS[code as keyof typeof DOMAIN_ERROR_STATUS]
    : STATUS_BY_CODE[code as ErrorCode];

export interface RouteOpenApi {
  /** One line for integrators (English); derived from the method and path when left out. */
  summary?: string;
  /** The refusals the route's services throw that the route's declaration does not imply: `['RESERVATION_SLOT_TAKEN', 'RATE_LIMITED']`. */
  errors?: readonly DocumentedErrorCode[];
  /** Answers that are not JSON: `{ 200: ['image/png', 'image/jpeg'], 304: null }` (null: no body). */
  media?: Partial<Record<number, readonly string[] | null>>;
  /** A request body read as bytes, not JSON, in these media types (e.g. `['text/csv']`). */
  rawBody?: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    openapi?: RouteOpenApi;
  }
}

/** The security the route table gives a path; routes outside it keep what they declare. */
const tableAuth = new Map<string, ApiRoute['auth']>(
  API_ROUTES.map((r) => [`${r.method} ${r.path === '/' ? API_BASE_PATH : `${API_BASE_PATH}${r.path}`}`, r.auth]),
);

/** The generic code every status carries (the error handler's kinds, STATUS_BY_CODE). */
const KIND_BY_STATUS = new Map<number, string>(
  Object.entries(STATUS_BY_CODE).map(([code, status]) => [status, code] as const),
);

const STATUS_TEXT: Record<number, string> = {
  400: 'Malformed request (e.g. a body that is not JSON).',
  401: 'Missing, expired or invalid token, or wrong credentials.',
  403: 'The caller may not do this.',
  404: 'No such resource, or not the caller’s.',
  409: 'The resource’s state does not allow it.',
  413: 'The request body is too large.',
  414: 'A path parameter is longer than any resource’s (the router refuses it).',
  415: 'The request body’s media type, or its content coding (answered with `Accept-Encoding: identity`), is not accepted.',
  422: 'Invalid input: `errors` has the Italian messages by field.',
  429: 'Too many requests: retry later.',
  431: 'The request line and headers are too large.',
  500: 'Unexpected error; `requestId` identifies it in the logs.',
  503: 'The database is unreachable: retry after `Retry-After` seconds.',
};

/** The app's error body (ApiErrorBody) with the codes this status can carry for this route. */
export function errorResponse(status: number, codes: readonly string[]) {
  return {
    description: STATUS_TEXT[status] ?? 'Error.',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['code', 'message', 'requestId'],
          additionalProperties: false,
          properties: {
            code: { type: 'string', enum: [...new Set(codes)] },
            message: { type: 'string', description: 'In Italian, for the user.' },
            errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
            requestId: { type: 'string' },
          },
        },
      },
    },
  };
}

/** The statuses a route answers whatever its domain, derived from what it declares. */
export function derivedErrorStatuses(input: {
  method: string;
  secured: boolean;
  schema: FastifySchema;
  rateLimited: boolean;
}): number[] {
  const { method, secured, schema, rateLimited } = input;
  // 422 on every route: the text guard refuses control characters in any query string (decision 0426).
  const statuses = [422, 431, 500, 503];
  if (secured) statuses.push(401, 403);
  // A path parameter over the router's length limit is refused before the route (decision 0441).
  if (schema.params) statuses.push(404, 414, 422);
  if (schema.querystring) statuses.push(422);
  // `?shop_id=` names a shop that may not exist.
  if (hasKey(schema.querystring, 'shop_id') || hasKey(schema.body, 'shop_id')) statuses.push(404);
  if (schema.body) statuses.push(422);
  // Fastify reads a body sent with any method but GET, whether or not the route declares one:
  // malformed or empty JSON (400), too large (413), a media type without a parser or a compressed body (415).
  if (method !== 'GET') statuses.push(400, 413, 415);
  if (rateLimited) statuses.push(429);
  return statuses;
}

/** Whether a zod object schema has the key (zod 4 objects expose `shape`). */
function hasKey(schema: unknown, key: string): boolean {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return Boolean(shape && key in shape);
}

function words(url: string): string[] {
  return (url.startsWith(`${API_BASE_PATH}/`) ? url.slice(API_BASE_PATH.length) : url)
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? `by ${s.slice(1)}` : s))
    .flatMap((s) => s.split(/[^A-Za-z0-9]+|(?=[A-Z])/))
    .filter(Boolean)
    .map((s) => s.toLowerCase());
}

const VERB: Record<string, string> = { GET: 'Read', POST: 'Submit', PUT: 'Update', DELETE: 'Delete', PATCH: 'Change' };

/** `GET /api/order/:id/confirm` → `getOrderByIdConfirm`; unique because method + path are. */
export function operationIdOf(method: string, url: string): string {
  const w = words(url);
  return [method.toLowerCase(), ...w.map((s) => s[0]?.toUpperCase() + s.slice(1))].join('') || method.toLowerCase();
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

export function openapiTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  // The document describes /api: not the app's pages, nor the payment sandbox's imitations of the providers.
  if (!input.url.startsWith(API_BASE_PATH)) return { schema: { ...input.schema, hide: true } as FastifySchema, url: input.url };
  const out = jsonSchemaTransform(input);
  const route = input.route as RouteOptions;
  const method = (Array.isArray(route.method) ? route.method[0] : route.method) ?? 'GET';
  const declared = (route.config as { openapi?: RouteOpenApi } | undefined)?.openapi ?? {};
  const schema = { ...(out.schema as Record<string, unknown>) };
  const original = (route.schema ?? {}) as FastifySchema & { security?: unknown[] };

  const auth = tableAuth.get(`${method} ${input.url}`);
  const security = auth ? (auth === 'public' ? [] : [{ bearer: [] }]) : (original.security ?? []);
  const secured = security.length > 0;
  const rateLimited = Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit);

  const response: Record<string, unknown> = { ...((schema.response as Record<string, unknown>) ?? {}) };
  const binary = { type: 'string', format: 'binary' };
  for (const [status, media] of Object.entries(declared.media ?? {})) {
    response[status] = media
      ? { description: 'The file.', content: Object.fromEntries(media.map((type) => [type, { schema: binary }])) }
      : { type: 'null', description: status === '304' ? 'Not modified (ETag).' : 'No content.' };
  }
  if (declared.rawBody) {
    schema.body = binary;
    schema.consumes = [...declared.rawBody];
  }
  // A 204 has no body, whatever zod's `z.null()` turns into.
  if (response['204']) response['204'] = { type: 'null', description: 'No content.' };
  if (Object.keys(response).length === 0) response['200'] = { description: 'Done.' };
  const codes = new Map<number, string[]>();
  const reads = declared.rawBody ? { ...original, body: binary } : original;
  for (const status of derivedErrorStatuses({ method, secured, schema: reads, rateLimited })) {
    codes.set(status, [KIND_BY_STATUS.get(status) ?? ErrorCode.BAD_REQUEST]);
  }
  for (const code of declared.errors ?? []) {
    const status = statusOfCode(code);
    codes.set(status, [...(codes.get(status) ?? [KIND_BY_STATUS.get(status) ?? ErrorCode.BAD_REQUEST]), code]);
  }
  for (const [status, list] of [...codes].sort(([a], [b]) => a - b)) response[String(status)] = errorResponse(status, list);

  // The text guard refuses controls in every string of a request, before its schema (decision 0669).
  for (const part of ['body', 'querystring', 'params']) stateRequestText(schema[part]);
  schema.response = response;
  schema.operationId = operationIdOf(method, input.url);
  schema.summary = original.summary ?? declared.summary ?? `${VERB[method] ?? method} ${words(input.url).join(' ') || 'root'}`;
  schema.security = security;
  // `/api/` and `/api` are the same route (Fastify's prefix); the document names it without the slash.
  return { schema: schema as FastifySchema, url: input.url === `${API_BASE_PATH}/` ? API_BASE_PATH : input.url };
}

/** Calls `visit` on every object of a JSON tree (arrays walked through), then on the objects under it. */
function eachObject(node: unknown, visit: (o: Record<string, unknown>) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) eachObject(item, visit);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  visit(o);
  for (const v of Object.values(o)) eachObject(v, visit);
}

/**
 * Gives every string of a request schema that has no pattern, values or binary format the text
 * guard's {@link REQUEST_TEXT_PATTERN}: the plain `z.string()` fields (the contract's text helpers
 * state their own, stricter one).
 */
function stateRequestText(node: unknown): void {
  eachObject(node, (o) => {
    const isString = o.type === 'string' || (Array.isArray(o.type) && o.type.includes('string'));
    const patterned = o.pattern !== undefined || (Array.isArray(o.allOf) && o.allOf.some((s) => (s as { pattern?: unknown }).pattern !== undefined));
    if (isString && !patterned && o.enum === undefined && o.const === undefined && o.format !== 'binary') o.pattern = REQUEST_TEXT_PATTERN.source;
  });
}

/** OpenAPI 3.0 allows `nullable` only beside a `type` (zod's JSON for `unknown().nullable()` has none). */
function tidySchemas(node: unknown): void {
  eachObject(node, (o) => {
    if (o.nullable === true && o.type === undefined && o.$ref === undefined) {
      // An untyped schema already accepts null; with anyOf/oneOf branches, null becomes one more branch.
      delete o.nullable;
      for (const key of ['anyOf', 'oneOf'] as const) {
        // Only null: OpenAPI 3.0 has no null type, and a bare nullable object would allow any object.
        if (Array.isArray(o[key])) o[key] = [...(o[key] as unknown[]), { type: 'object', nullable: true, enum: [null] }];
      }
    }
    // A nullable enum lists null among its values (OpenAPI 3.0.3), or null answers fail validation.
    if (o.nullable === true && Array.isArray(o.enum) && !o.enum.includes(null)) o.enum = [...o.enum, null];
    // A record keyed by an enum (zod) requires its keys without listing them as properties.
    if (Array.isArray(o.required) && !o.properties && o.additionalProperties && typeof o.additionalProperties === 'object') {
      o.properties = Object.fromEntries((o.required as string[]).map((k) => [k, o.additionalProperties]));
    }
  });
}

/** The whole document's finishing touches: where it is served from, its licence, OpenAPI 3.0 nullables. */
export const openapiTransformObject: SwaggerTransformObject = (input) => {
  const doc = ('openapiObject' in input ? input.openapiObject : input.swaggerObject) as Record<string, unknown>;
  tidySchemas(doc.paths);
  return { ...doc, servers: [{ url: '/', description: 'This server.' }] };
};
