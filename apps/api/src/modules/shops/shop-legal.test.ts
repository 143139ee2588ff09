import { ApiErrorBodySchema, AuditListResponseSchema, ShopLegalResponseSchema } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { apiCaller } from '../../../test/factories/api-call.js';
import { type CreatedUser, createAdmin, createPharmacist, createShop, createUser } from '../../../test/factories/users.js';

describe(`the seller's legal data (${testEngine})`, () => {
  let t: TestApp;
  let admin: CreatedUser;
  let pharmacist: CreatedUser;
  let customer: CreatedUser;
  let first: number;
  let second: number;

  const call = apiCaller(() => t.app);

  const LEGAL = {
    legal_name: 'Farmacia San Marco S.r.l.',
    vat_number: 'IT 00743110157',
    registered_office: 'Via Roma 12, 20121 Milano (MI)',
    responsible_pharmacist: 'Dott.ssa Maria Rossi',
    pharmacist_registration: 'Ordine dei Farmacisti di Milano n. 4321',
    ministry_authorization_code: 'IT-FARM-000123',
    ministry_authorization_date: '2024-03-15',
    ministry_list_url: 'https://www.salute.gov.it/farmacia/123',
  };

  beforeAll(async () => {
    t = await buildTestApp();
    first = await createShop(t.app, 'Farmacia Centrale');
    second = await createShop(t.app, 'Farmacia San Marco');
    await t.app.db.updateTable('shops').set({ email: 'info@sanmarco.example' }).where('id', '=', second).execute();
    admin = await createAdmin(t.app);
    pharmacist = await createPharmacist(t.app, second);
    customer = await createUser(t.app, { shopId: second });
  });
  afterAll(() => t.close());

  it('refuses the admin calls to pharmacists and customers (403) and strangers (401)', async () => {
    for (const who of [pharmacist, customer]) {
      expect((await call(who, 'GET', `/admin/shops/${second}/legal`)).statusCode).toBe(403);
      expect((await call(who, 'PUT', `/admin/shops/${second}/legal`, LEGAL)).statusCode).toBe(403);
    }
    expect((await call(null, 'GET', `/admin/shops/${second}/legal`)).statusCode).toBe(401);
    expect((await call(null, 'PUT', `/admin/shops/${second}/legal`, LEGAL)).statusCode).toBe(401);
    const row = await t.app.db.selectFrom('shops').select('legal_name').where('id', '=', second).executeTakeFirstOrThrow();
    expect(row.legal_name).toBeNull();
  });

  it('lets an admin fill in the legal data, audited with before and after, and shows it to everyone', async () => {
    const saved = await call(admin, 'PUT', `/admin/shops/${second}/legal`, LEGAL);
    expect(saved.statusCode, saved.body).toBe(200);
    const legal = ShopLegalResponseSchema.parse(saved.json()).data;
    expect(legal).toMatchObject({ ...LEGAL, vat_number: '00743110157', shop_id: second, shop_name: 'Farmacia San Marco' });
    expect(ShopLegalResponseSchema.parse((await call(admin, 'GET', `/admin/shops/${second}/legal`)).json()).data).toEqual(legal);

    // The app reads it without logging in (shop_id), and a customer of the shop by default.
    const anonymous = ShopLegalResponseSchema.parse((await call(null, 'GET', `/shop/legal?shop_id=${second}`)).json()).data;
    expect(anonymous).toEqual({ ...legal, email: 'info@sanmarco.example', phone: null });
    expect(ShopLegalResponseSchema.parse((await call(customer, 'GET', '/shop/legal')).json()).data.legal_name).toBe(LEGAL.legal_name);
    // The other shop's data is its own.
    const other = ShopLegalResponseSchema.parse((await call(null, 'GET', `/shop/legal?shop_id=${first}`)).json()).data;
    expect(other).toMatchObject({ shop_name: 'Farmacia Centrale', legal_name: null, ministry_list_url: null });

    const trail = AuditListResponseSchema.parse((await call(admin, 'GET', '/admin/audit?entity=shop_legal')).json()).data;
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ action: 'update', entity_id: String(second) });
    expect(trail[0]?.before).toMatchObject({ legal_name: null, vat_number: null });
    expect(trail[0]?.after).toMatchObject({ legal_name: LEGAL.legal_name, vat_number: '00743110157' });

    // Blank fields clear; every open app is told to refetch the shop's data.
    const version = async () => Number((await call(null, 'GET', '/')).json().data_version);
    const before = await version();
    const cleared = await call(admin, 'PUT', `/admin/shops/${second}/legal`, { ...LEGAL, registered_office: ' ' });
    expect(ShopLegalResponseSchema.parse(cleared.json()).data.registered_office).toBeNull();
    expect(await version()).toBeGreaterThan(before);
  });

  it('says in Italian what is wrong (422), a bad VAT number included, and answers 404 for an unknown shop', async () => {
    const bad = await call(admin, 'PUT', `/admin/shops/${first}/legal`, {
      ...LEGAL,
      vat_number: '00743110158',
      ministry_authorization_date: '2024-02-30',
      ministry_list_url: 'http://www.salute.gov.it',
    });
    expect(bad.statusCode).toBe(422);
    const errors = ApiErrorBodySchema.parse(bad.json()).errors ?? {};
    expect(errors.vat_number).toEqual(['Partita IVA non valida: 11 cifre con la cifra di controllo corretta.']);
    expect(errors.ministry_authorization_date).toEqual(['Data non valida.']);
    expect(errors.ministry_list_url).toEqual(['Inserire un indirizzo che inizia con https://.']);

    const incomplete = await call(admin, 'PUT', `/admin/shops/${first}/legal`, { ...LEGAL, ministry_list_url: '' });
    expect(incomplete.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(incomplete.json()).errors?.ministry_list_url).toEqual([
      'Per la vendita online servono codice di autorizzazione, data e collegamento al registro del Ministero.',
    ]);
    const row = await t.app.db.selectFrom('shops').select(['vat_number', 'ministry_authorization_code']).where('id', '=', first).executeTakeFirstOrThrow();
    expect(row).toEqual({ vat_number: null, ministry_authorization_code: null });

    expect((await call(admin, 'PUT', '/admin/shops/999999/legal', LEGAL)).statusCode).toBe(404);
    expect((await call(admin, 'GET', '/admin/shops/999999/legal')).statusCode).toBe(404);
    expect((await call(null, 'GET', '/shop/legal?shop_id=999999')).statusCode).toBe(404);
  });
});
