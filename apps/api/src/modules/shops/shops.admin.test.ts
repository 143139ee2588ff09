import {
  AdminShopListResponseSchema,
  AdminShopResponseSchema,
  ApiErrorBodySchema,
  AuditListResponseSchema,
} from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { apiCaller } from '../../../test/factories/api-call.js';
import { type CreatedUser, createAdmin, createPharmacist, createShop, createUser } from '../../../test/factories/users.js';

describe(`back office: shops managed by admins (${testEngine})`, () => {
  let t: TestApp;
  let admin: CreatedUser;
  let pharmacist: CreatedUser;
  let customer: CreatedUser;
  let shop: number;

  const call = apiCaller(() => t.app);

  const NEW_SHOP = {
    name: 'Farmacia San Marco',
    address: 'Via Roma 12',
    city: 'Milano',
    postal_code: '20121',
    province: 'mi',
    phone: '02 1234567',
    email: 'info@sanmarco.example',
  };

  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createShop(t.app, 'Farmacia Centrale');
    admin = await createAdmin(t.app);
    pharmacist = await createPharmacist(t.app, shop);
    customer = await createUser(t.app, { shopId: shop });
  });
  afterAll(() => t.close());

  it('refuses pharmacists and customers (403) and strangers (401) on every shop route', async () => {
    for (const who of [pharmacist, customer]) {
      expect((await call(who, 'GET', '/admin/shops')).statusCode).toBe(403);
      expect((await call(who, 'POST', '/admin/shops', NEW_SHOP)).statusCode).toBe(403);
      expect((await call(who, 'PUT', `/admin/shops/${shop}`, NEW_SHOP)).statusCode).toBe(403);
    }
    expect((await call(null, 'GET', '/admin/shops')).statusCode).toBe(401);
    const name = await t.app.db.selectFrom('shops').select('name').where('id', '=', shop).executeTakeFirstOrThrow();
    expect(name.name).toBe('Farmacia Centrale');
  });

  it('creates a shop, edits it, lists it, and audits both changes with before and after', async () => {
    const created = await call(admin, 'POST', '/admin/shops', NEW_SHOP);
    expect(created.statusCode, created.body).toBe(201);
    const shopRow = AdminShopResponseSchema.parse(created.json()).data;
    expect(shopRow).toMatchObject({ ...NEW_SHOP, province: 'MI' });

    const edited = await call(admin, 'PUT', `/admin/shops/${shopRow.id}`, { ...NEW_SHOP, name: 'Farmacia San Marco 2', phone: '', email: '' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(AdminShopResponseSchema.parse(edited.json()).data).toMatchObject({ name: 'Farmacia San Marco 2', phone: null, email: null });

    const list = AdminShopListResponseSchema.parse((await call(admin, 'GET', '/admin/shops')).json()).data;
    expect(list.map((s) => s.name)).toEqual(['Farmacia Centrale', 'Farmacia San Marco 2']);
    // The customer app's shop list shows the new name too.
    const publicShops = await call(null, 'GET', '/shops');
    expect(publicShops.body).toContain('Farmacia San Marco 2');

    const audit = AuditListResponseSchema.parse((await call(admin, 'GET', '/admin/audit?entity=shop')).json()).data;
    expect(audit.map((a) => a.action)).toEqual(['update', 'create']);
    expect(audit[0]?.before).toMatchObject({ name: 'Farmacia San Marco', phone: '02 1234567' });
    expect(audit[0]?.after).toMatchObject({ name: 'Farmacia San Marco 2', phone: null });
  });

  it('validates in Italian (422) and answers 404 for an unknown shop', async () => {
    const bad = await call(admin, 'POST', '/admin/shops', { name: ' ', postal_code: '2012', province: 'Milano', email: 'no', phone: 'abc' });
    expect(bad.statusCode).toBe(422);
    const errors = ApiErrorBodySchema.parse(bad.json()).errors ?? {};
    expect(errors.name?.[0]).toBe('Campo obbligatorio.');
    expect(errors.postal_code?.[0]).toBe('Il CAP deve essere di 5 cifre.');
    expect(errors.province).toEqual(['La provincia è la sigla di 2 lettere (es. MI).']);
    expect(errors.email?.[0]).toBe('Email non valida.');
    expect(errors.phone?.[0]).toBe('Inserire un numero di telefono valido.');
    expect((await call(admin, 'PUT', '/admin/shops/999999', NEW_SHOP)).statusCode).toBe(404);
  });
});
