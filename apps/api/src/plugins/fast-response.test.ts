import { CartResponseSchema, OrderListResponseSchema, ProductSchema, ServiceSlotsResponseSchema } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/build-test-app.js';
import { createBookableService, createStaff, everyDay, setRomeNow } from '../../test/factories/bookings.js';
import { createProduct, createVoucher } from '../../test/factories/cart.js';
import { HOME_ADDRESS, placeOrder, setOrderShipping } from '../../test/factories/orders.js';
import { bearer, createUser, ensureShop } from '../../test/factories/users.js';
import { openTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { buildApp } from '../app.js';

/**
 * Decision 0555: the busy routes write their answer with fast-json-stringify from their zod
 * response schema instead of the zod type provider. Each answer must be exactly what the contract's
 * schema makes of what the handler returned — what the zod serialiser wrote before: a field the
 * schema lacks is never leaked, a field it has is never dropped.
 */
const LEAK = 'campo-interno-segreto';

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; additionalProperties?: JsonSchema | boolean; items?: JsonSchema; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; allOf?: JsonSchema[]; $ref?: string; $defs?: Record<string, JsonSchema> };

/**
 * A copy of a handler's answer with an extra field in every object the schema gives fixed
 * properties (a record's keys are its data, left alone), walking the contract's JSON Schema.
 */
function withExtraFields(value: unknown, node: JsonSchema, defs: Record<string, JsonSchema>): unknown {
  if (node.$ref) return withExtraFields(value, defs[node.$ref.split('/').pop() ?? ''] ?? {}, defs);
  for (const branches of [node.anyOf, node.oneOf, node.allOf]) {
    const fitting = branches?.find((b) => withExtraFields(value, b, defs) !== value || b.type === (Array.isArray(value) ? 'array' : typeof value));
    if (fitting) return withExtraFields(value, fitting, defs);
  }
  if (Array.isArray(value)) return node.items ? value.map((item) => withExtraFields(item, node.items as JsonSchema, defs)) : value;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const copy: Record<string, unknown> = node.properties ? { interno: LEAK } : {};
  for (const [key, item] of Object.entries(value)) {
    const inner = node.properties?.[key] ?? (typeof node.additionalProperties === 'object' ? node.additionalProperties : {});
    copy[key] = withExtraFields(item, inner, defs);
  }
  return copy;
}

let db: TestDatabase;
let app: FastifyInstance;
/** What the handler of the probed request returned, once given the extra fields. */
let handed: unknown;
/** The JSON Schema of the probed request's answer, while it runs. */
let probing: JsonSchema | undefined;

beforeAll(async () => {
  db = await openTestDatabase({ outboxWorker: false });
  app = await buildApp(db.config, { database: db.database, logger: false });
  // The probed request's answer reaches its serialiser with an extra field in every object.
  app.addHook('preSerialization', async (_request, _reply, payload) => {
    if (!probing) return payload;
    handed = withExtraFields(payload, probing, probing.$defs ?? {});
    return handed;
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.close();
});

/** The route's answer, compared whole with the zod serialiser's output for the handler's answer. */
async function expectSerialisedAsContract(request: { method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; payload?: object }, schema: ZodType) {
  handed = undefined;
  probing = z.toJSONSchema(schema, { io: 'output' }) as JsonSchema;
  const res = await app.inject(request).finally(() => {
    probing = undefined;
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(JSON.stringify(handed)).toContain(LEAK);
  // Zod drops the extras of an object and keeps a record's keys: the answer must be the same JSON.
  const reference = zodSerializerCompiler({ schema, method: request.method, url: request.url, httpStatus: '200' })(handed);
  expect(JSON.parse(res.body)).toEqual(JSON.parse(reference));
  return JSON.parse(res.body) as Record<string, unknown>;
}

describe(`answers written by fast-json-stringify (${testEngine})`, () => {
  it('product page: every field of the contract, nothing else', async () => {
    await ensureShop(app);
    const product = await createProduct(app, { promo: true, priceCents: 1299 });
    const body = await expectSerialisedAsContract({ method: 'GET', url: `/api/product/${product.code}` }, ProductSchema);
    expect(body).toMatchObject({ codice_ministeriale: product.code, nome_prodotto: product.name });
  });

  it('cart: lines, voucher and choices as the contract has them, nothing else', async () => {
    const shopId = await ensureShop(app);
    await setOrderShipping(app, shopId);
    const { token } = await createUser(app);
    const voucher = await createVoucher(app, shopId);
    const [a, b] = [await createProduct(app, { priceCents: 1250 }), await createProduct(app, { priceCents: 480, promo: true })];
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      expectSerialisedAsContract({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) }, CartResponseSchema);
    await call('POST', `/api/cart/products/${a?.code}`, { quantity: 2 });
    await call('POST', `/api/cart/products/${b?.code}`, { quantity: 1 });
    await call('POST', `/api/cart/vouchers/${voucher.code}`);
    const cart = (await call('GET', '/api/cart')).data as { products: unknown[] };
    expect(cart.products).toHaveLength(2);
  });

  it('order list: orders with their lines as the contract has them, nothing else', async () => {
    const shopId = await ensureShop(app);
    await setOrderShipping(app, shopId);
    const { token } = await createUser(app);
    const address = (await app.inject({ method: 'POST', url: '/api/address', headers: bearer(token), payload: HOME_ADDRESS })).json().data?.id;
    await placeOrder(app, token, { shippingType: 'inShop', shippingMethod: 'ritiro', paymentType: 'payInShop', note: 'Citofono rotto' });
    if (typeof address === 'number') await placeOrder(app, token, { shippingType: 'address', shippingMethod: 'corriere', paymentType: 'cashOnDelivery', address });
    const body = await expectSerialisedAsContract({ method: 'GET', url: '/api/order', headers: bearer(token) }, OrderListResponseSchema);
    expect((body.data as unknown[]).length).toBeGreaterThanOrEqual(1);
  });

  it("a day's slots: every slot as the contract has it, nothing else", async () => {
    const { serviceId, shopId } = await createBookableService(app);
    await createStaff(app, shopId, [serviceId], everyDay('09:00', '12:00'));
    setRomeNow(app, '2026-03-02', '08:00');
    const body = await expectSerialisedAsContract({ method: 'GET', url: `/api/services/${serviceId}/slots/2026-03-03` }, ServiceSlotsResponseSchema);
    expect((body.availableSlots as unknown[]).length).toBeGreaterThan(0);
  });
});
