import {
  AccountExportSchema,
  ApiErrorBodySchema,
  HEALTH_CONSENT_VERSION,
  HealthConsentResponseSchema,
  HealthDataErrorCode,
  messages,
  PrescriptionListResponseSchema,
} from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { SAMPLE_FILES, uploadOf } from '../../../test/factories/cart.js';
import { createCategoryFor } from '../../../test/factories/bookings.js';
import { bearer, type CreatedUser, createUser, ensureShop } from '../../../test/factories/users.js';
import { createShopService } from '../services/services.service.js';

describe(`consent to process health data (${testEngine})`, () => {
  let t: TestApp;
  let customer: CreatedUser;
  const code = 'RSSMRA85T10A562S';
  const given = new Date('2026-11-20T09:30:00.000Z');
  const withdrawn = new Date('2026-11-21T18:00:00.000Z');

  beforeAll(async () => {
    t = await buildTestApp();
    customer = await createUser(t.app, { codiceFiscale: code, healthConsent: false });
  });
  afterAll(() => t.close());

  function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, user = customer) {
    return t.app.inject({ method, url: `/api${url}`, headers: bearer(user.token), ...(payload === undefined ? {} : { payload }) });
  }
  const prescription = () => call('POST', '/cart/prescriptions', { mode: 'file', codice_fiscale: code, file: uploadOf('ricetta.pdf', SAMPLE_FILES.pdf) });
  const galenica = () => call('POST', '/cart/product_requests', { type: 'galenica', note: 'Crema 50 g' });
  const state = async () => HealthConsentResponseSchema.parse((await call('GET', '/profile/health-consent')).json()).data;
  const expectRefused = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(403);
    expect(ApiErrorBodySchema.parse(res.json())).toMatchObject({ code: HealthDataErrorCode.CONSENT_REQUIRED, message: messages.healthData.required });
  };
  const fileCount = async () =>
    Number((await t.app.db.selectFrom('files').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', customer.user.id).executeTakeFirstOrThrow()).n);

  it('refuses prescriptions and requests before any consent, storing nothing', async () => {
    expect(await state()).toMatchObject({ valid: false, latest: null, current_version: HEALTH_CONSENT_VERSION, text: messages.healthData.consentText });
    expectRefused(await prescription());
    expectRefused(await galenica());
    expect(await fileCount()).toBe(0);
  });

  it('refuses a consent without the box ticked or for another text version, in Italian on the field', async () => {
    const unticked = await call('PUT', '/profile/health-consent', { accepted: false, version: HEALTH_CONSENT_VERSION });
    expect(unticked.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(unticked.json()).errors?.accepted).toEqual([messages.healthData.acceptRequired]);
    const stale = await call('PUT', '/profile/health-consent', { accepted: true, version: '2020-01-01' });
    expect(stale.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(stale.json()).errors?.version).toEqual([messages.healthData.versionMismatch]);
    expect((await state()).valid).toBe(false);
  });

  it('accepts them once the consent is given, stamped with the time and the text version', async () => {
    t.app.clock.now = () => given;
    const res = await call('PUT', '/profile/health-consent', { accepted: true, version: HEALTH_CONSENT_VERSION });
    expect(res.statusCode, res.body).toBe(200);
    expect(HealthConsentResponseSchema.parse(res.json()).data).toMatchObject({
      valid: true,
      latest: { version: HEALTH_CONSENT_VERSION, given_at: given.toISOString(), withdrawn_at: null },
    });
    // Giving it again while in force keeps the first one.
    await call('PUT', '/profile/health-consent', { accepted: true, version: HEALTH_CONSENT_VERSION });
    expect((await state()).latest?.given_at).toBe(given.toISOString());
    expect((await prescription()).statusCode).toBe(201);
    expect((await galenica()).statusCode).toBe(201);
  });

  it('an information request about a shop service needs it only when it carries a note', async () => {
    const shopId = await ensureShop(t.app);
    const categoryId = await createCategoryFor(t.app, shopId, 'Prevenzione');
    const shopServiceId = await createShopService(t.app.db, { shopId, categoryId, groupId: null, name: 'Holter pressorio', description: '<p>24 ore</p>', priceCents: null });
    const stranger = await createUser(t.app, { healthConsent: false });
    const ask = (note?: string) => call('POST', '/shopservices', { shop_service_id: shopServiceId, ...(note === undefined ? {} : { note }) }, stranger);
    expectRefused(await ask('Soffro di pressione alta'));
    expect((await ask()).statusCode).toBe(201);
    expect((await ask('   ')).statusCode).toBe(201);
    await call('PUT', '/profile/health-consent', { accepted: true, version: HEALTH_CONSENT_VERSION }, stranger);
    expect((await ask('Soffro di pressione alta')).statusCode).toBe(201);
  });

  it('withdrawn: refused again, and what is still in the cart is deleted with its files', async () => {
    t.app.clock.now = () => withdrawn;
    const res = await call('DELETE', '/profile/health-consent');
    expect(res.statusCode).toBe(200);
    expect(HealthConsentResponseSchema.parse(res.json()).data).toMatchObject({
      valid: false,
      latest: { given_at: given.toISOString(), withdrawn_at: withdrawn.toISOString() },
    });
    expect(PrescriptionListResponseSchema.parse((await call('GET', '/cart/prescriptions')).json()).data).toEqual([]);
    expect(await fileCount()).toBe(0);
    expectRefused(await prescription());
    expectRefused(await galenica());
  });

  it("is in the account's data export, with its history; another account's is not", async () => {
    const other = await createUser(t.app);
    t.app.clock.now = () => new Date('2026-11-22T08:00:00.000Z');
    await call('PUT', '/profile/health-consent', { accepted: true, version: HEALTH_CONSENT_VERSION });
    const exported = AccountExportSchema.parse((await call('GET', '/profile/export')).json());
    const rows = exported.tables.health_consents ?? [];
    expect(rows.map((r) => [r.version, r.given_at, r.withdrawn_at])).toEqual([
      [HEALTH_CONSENT_VERSION, given.toISOString(), withdrawn.toISOString()],
      [HEALTH_CONSENT_VERSION, '2026-11-22T08:00:00.000Z', null],
    ]);
    expect(rows.every((r) => r.user_id === customer.user.id)).toBe(true);
    const theirs = AccountExportSchema.parse((await call('GET', '/profile/export', undefined, other)).json());
    expect((theirs.tables.health_consents ?? []).every((r) => r.user_id === other.user.id)).toBe(true);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/health-consent' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/profile/health-consent' })).statusCode).toBe(401);
  });
});
