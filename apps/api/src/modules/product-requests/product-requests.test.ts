import {
  ApiErrorBodySchema,
  CartResponseSchema,
  messages,
  ProductRequestListResponseSchema,
  ProductRequestResponseSchema,
} from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { SAMPLE_FILES, uploadOf } from '../../../test/factories/cart.js';
import { bearer, type CreatedUser, createPharmacist, createUser } from '../../../test/factories/users.js';

describe(`product-photo and galenica requests (${testEngine})`, () => {
  let t: TestApp;
  let owner: CreatedUser;
  let other: CreatedUser;

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await createUser(t.app);
    other = await createUser(t.app);
  });
  afterAll(() => t.close());

  function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: CreatedUser, payload?: unknown) {
    return t.app.inject({ method, url: `/api${url}`, headers: bearer(user.token), ...(payload === undefined ? {} : { payload: payload as object }) });
  }
  const created = async (payload: unknown, user = owner) => {
    const res = await call('POST', '/cart/product_requests', user, payload);
    expect(res.statusCode, res.body).toBe(201);
    return ProductRequestResponseSchema.parse(res.json()).data;
  };
  const fieldErrors = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(422);
    return ApiErrorBodySchema.parse(res.json()).errors ?? {};
  };

  it('saves a product-photo request with the file sent as a JSON string (spec §7)', async () => {
    const file = uploadOf('scatola.png', SAMPLE_FILES.png, 'image/png');
    const r = await created({ type: 'search', note: '  Crema come questa  ', file: JSON.stringify(file) });
    expect(r).toEqual({
      id: expect.any(Number),
      type: 'search',
      note: 'Crema come questa',
      equivalent: false,
      file: { name: 'scatola.png', type: 'image/png', size: SAMPLE_FILES.png.length, url: expect.stringMatching(/^\/api\/files\/\d+$/) },
    });
    const download = await t.app.inject({ method: 'GET', url: r.file!.url!, headers: bearer(owner.token) });
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload.equals(SAMPLE_FILES.png)).toBe(true);
  });

  it('saves a galenica request without a file (the file is optional)', async () => {
    const r = await created({ type: 'galenica', note: 'Crema all’ossido di zinco 10%, 50 g', equivalent: 1, file: '' });
    expect(r).toMatchObject({ type: 'galenica', equivalent: true, file: null });
    expect((await created({ type: 'galenica', note: 'Cartina', file: null })).file).toBeNull();
    expect((await created({ type: 'search', note: 'senza file' })).file).toBeNull();
  });

  it('requires the note and a known type', async () => {
    expect(fieldErrors(await call('POST', '/cart/product_requests', owner, { type: 'search' })).note).toEqual([messages.productRequest.noteRequired]);
    expect(fieldErrors(await call('POST', '/cart/product_requests', owner, { type: 'search', note: '   ' })).note).toEqual([
      messages.productRequest.noteRequired,
    ]);
    expect(fieldErrors(await call('POST', '/cart/product_requests', owner, { type: 'altro', note: 'x' })).type).toBeDefined();
    expect(fieldErrors(await call('POST', '/cart/product_requests', owner, { note: 'x' })).type).toBeDefined();
    expect(fieldErrors(await call('POST', '/cart/product_requests', owner, { type: 'search', note: 'x'.repeat(2001) })).note).toBeDefined();
  });

  it('refuses a spoofed or unreadable file and a bare name on create', async () => {
    const spoofed = await call('POST', '/cart/product_requests', owner, {
      type: 'search',
      note: 'foto',
      file: JSON.stringify(uploadOf('foto.jpg', SAMPLE_FILES.exe, 'image/jpeg')),
    });
    expect(fieldErrors(spoofed).file).toEqual(["Formato file 'foto.jpg' non valido."]);
    expect(fieldErrors(await call('POST', '/cart/product_requests', owner, { type: 'search', note: 'x', file: '{non json' })).file).toBeDefined();
    expect(fieldErrors(await call('POST', '/cart/product_requests', owner, { type: 'search', note: 'x', file: { name: 'a.png' } })).file).toEqual([
      messages.productRequest.fileRequired,
    ]);
    const notBase64 = { ...uploadOf('foto.png', SAMPLE_FILES.png, 'image/png'), base64: 'data:image/png;base64,@@@@' };
    expect(Object.values(fieldErrors(await call('POST', '/cart/product_requests', owner, { type: 'search', note: 'x', file: notBase64 }))).flat()).toContain(
      messages.file.unreadable,
    );
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 0);
    SAMPLE_FILES.png.copy(big);
    const tooBig = await call('POST', '/cart/product_requests', owner, { type: 'search', note: 'x', file: JSON.stringify(uploadOf('grande.png', big, 'image/png')) });
    expect(tooBig.statusCode).toBe(413);
    expect(ApiErrorBodySchema.parse(tooBig.json()).message).toBe("Il file 'grande.png' supera la dimensione massima di 10 MB.");
  });

  it('updates: keeps, removes or replaces the file, changes type and note', async () => {
    const r = await created({ type: 'search', note: 'prima', file: uploadOf('a.jpg', SAMPLE_FILES.jpeg, 'image/jpeg') });
    const put = (payload: unknown) => call('PUT', `/cart/product_requests/${r.id}`, owner, payload);
    const kept = ProductRequestResponseSchema.parse((await put({ type: 'galenica', note: 'seconda', file: JSON.stringify({ name: 'a.jpg' }) })).json()).data;
    expect(kept).toEqual({ ...r, type: 'galenica', note: 'seconda' });
    const replaced = ProductRequestResponseSchema.parse((await put({ type: 'search', note: 'terza', file: uploadOf('b.pdf', SAMPLE_FILES.pdf) })).json()).data;
    expect(replaced.file?.name).toBe('b.pdf');
    expect((await t.app.inject({ method: 'GET', url: r.file!.url!, headers: bearer(owner.token) })).statusCode).toBe(404);
    const removed = ProductRequestResponseSchema.parse((await put({ type: 'search', note: 'quarta', file: null })).json()).data;
    expect(removed.file).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: replaced.file!.url!, headers: bearer(owner.token) })).statusCode).toBe(404);
    expect(fieldErrors(await put({ type: 'search', note: '' })).note).toEqual([messages.productRequest.noteRequired]);
  });

  it('lists only the own requests, also in the cart, and deletes with the file', async () => {
    const r = await created({ type: 'search', note: 'da cancellare', file: uploadOf('c.gif', SAMPLE_FILES.gif, 'image/gif') });
    const list = ProductRequestListResponseSchema.parse((await call('GET', '/cart/product_requests', owner)).json()).data;
    expect(list.map((x) => x.id)).toContain(r.id);
    const cart = CartResponseSchema.parse((await call('GET', '/cart', owner)).json()).data;
    expect(cart.product_requests).toEqual(list);
    expect((await call('DELETE', `/cart/product_requests/${r.id}`, owner)).statusCode).toBe(204);
    expect((await call('GET', `/cart/product_requests/${r.id}`, owner)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: r.file!.url!, headers: bearer(owner.token) })).statusCode).toBe(404);
  });

  it("never shows, changes or deletes another customer's request or its file", async () => {
    const mine = await created({ type: 'galenica', note: 'formula riservata', file: uploadOf('f.pdf', SAMPLE_FILES.pdf) });
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { type: 'search', note: 'presa' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/cart/product_requests/${mine.id}`, other, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.body).not.toContain('formula riservata');
    }
    expect(ProductRequestListResponseSchema.parse((await call('GET', '/cart/product_requests', other)).json()).data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: mine.file!.url!, headers: bearer(other.token) })).statusCode).toBe(404);
    // A pharmacist of the shop reads it (and the read is logged, see the prescriptions suite).
    const pharmacist = await createPharmacist(t.app, owner.user.shop_id);
    expect((await t.app.inject({ method: 'GET', url: mine.file!.url!, headers: bearer(pharmacist.token) })).statusCode).toBe(200);
    expect(ProductRequestResponseSchema.parse((await call('GET', `/cart/product_requests/${mine.id}`, owner)).json()).data).toEqual(mine);
  });

  it("refuses galenica requests when the shop's galenica option is off", async () => {
    const at = new Date().toISOString();
    const setGalenica = (value: string) =>
      t.app.db
        .insertInto('options')
        .values({ shop_id: owner.user.shop_id, key: 'galenica', value, updated_at: at })
        .onConflict((oc) => oc.columns(['shop_id', 'key']).doUpdateSet({ value }))
        .execute();
    const search = await created({ type: 'search', note: 'foto' });
    await setGalenica('0');
    const refused = await call('POST', '/cart/product_requests', owner, { type: 'galenica', note: 'preparato' });
    expect(fieldErrors(refused).type).toEqual([messages.productRequest.galenicaDisabled]);
    expect(fieldErrors(await call('PUT', `/cart/product_requests/${search.id}`, owner, { type: 'galenica', note: 'preparato' })).type).toEqual([
      messages.productRequest.galenicaDisabled,
    ]);
    expect((await created({ type: 'search', note: 'ancora possibile' })).type).toBe('search');
    await setGalenica('1');
    expect((await created({ type: 'galenica', note: 'preparato' })).type).toBe('galenica');
  });

  it('needs a login', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/cart/product_requests' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/cart/product_requests/1' })).statusCode).toBe(401);
  });
});
