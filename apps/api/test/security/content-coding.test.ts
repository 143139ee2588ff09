import { gzipSync } from 'node:zlib';
import { ApiErrorBodySchema, requestErrorMessages } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../build-test-app.js';
import { createProduct } from '../factories/cart.js';
import { createCustomer, ensureShop } from '../factories/customers.js';

/** A body the server cannot read as it is: 415 and the coding it takes (RFC 9110 §15.5.16, decision 0692). */
describe(`a compressed request body (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const json = (value: unknown) => Buffer.from(JSON.stringify(value));

  it('is refused with 415, Accept-Encoding: identity and the Italian text, on a public and on a signed-in call', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(json({ email: 'nessuno@example.it', password: 'Password123!' })),
    });
    expect(login.statusCode).toBe(415);
    expect(login.headers['accept-encoding']).toBe('identity');
    expect(ApiErrorBodySchema.parse(login.json())).toMatchObject({ code: 'UNSUPPORTED_MEDIA', message: requestErrorMessages.unsupportedCoding });

    const shopId = await ensureShop(t.app);
    const customer = await createCustomer(t.app, { shopId });
    const product = await createProduct(t.app);
    const add = (headers: Record<string, string>, payload: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: `/api/cart/products/${product.code}`,
        headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json', ...headers },
        payload,
      });
    const coded = await add({ 'content-encoding': 'br' }, json({ quantity: 2 }));
    expect(coded.statusCode).toBe(415);
    expect(coded.headers['accept-encoding']).toBe('identity');
    // Nothing was stored: the cart is still empty.
    const cart = await t.app.inject({ method: 'GET', url: '/api/cart', headers: { authorization: `Bearer ${customer.token}` } });
    expect(JSON.stringify(cart.json())).not.toContain(product.code);

    // `identity` is the body as it is: read as usual.
    expect((await add({ 'content-encoding': 'identity' }, json({ quantity: 2 }))).statusCode).toBe(200);
  });

  it('a plain body and a read with the header are answered as usual', async () => {
    const plain = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nessuno@example.it', password: 'Password123!' } });
    expect(plain.statusCode).toBe(401);
    const read = await t.app.inject({ method: 'GET', url: '/api/', headers: { 'content-encoding': 'gzip' } });
    expect(read.statusCode).toBe(200);
  });
});
