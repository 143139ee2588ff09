import { AccountExportSchema, ApiErrorBodySchema, messages } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { CUSTOMER_PASSWORD, createCustomer, type TestCustomer } from '../../../test/factories/customers.js';
import { startPushReceiver, type PushReceiver } from '../../../test/push-receiver.js';
import { nowIso } from '../../db/column.js';
import { awardOrderPoints } from '../loyalty/loyalty.service.js';
import { encodePng } from '../shops/png.js';

describe(`data export and account deletion (${testEngine})`, () => {
  let t: TestApp;
  let push: PushReceiver;
  let customer: TestCustomer;
  let orderId: number;
  let fileId: number;

  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, c: TestCustomer, payload?: object) =>
    t.app.inject({ method, url, headers: c.auth, ...(payload ? { payload } : {}) });

  /** A customer with something in every part of the app. */
  async function populate(c: TestCustomer) {
    const address = await inject('POST', '/api/address', c, {
      name: 'Casa',
      address_1: 'Via Garibaldi 7',
      city: 'Padova',
      state_region: 'PD',
      postal_code: '35122',
    });
    expect(address.statusCode).toBeLessThan(300);
    const png = encodePng(1, 1, new Uint8Array([255, 0, 0, 255]));
    const request = await inject('POST', '/api/cart/product_requests', c, {
      type: 'search',
      note: 'Cerco la crema della foto per la dermatite',
      file: { name: 'foto.png', type: 'image/png', size: png.length, base64: `data:image/png;base64,${png.toString('base64')}` },
    });
    expect(request.statusCode).toBeLessThan(300);
    const sub = push.subscribe();
    await inject('POST', '/api/profile/notification/push/device-gdpr-1', c, { type: 'push', token: { endpoint: sub.endpoint, keys: sub.keys } });
    const at = nowIso();
    const order = await t.app.db
      .insertInto('orders')
      .values({
        shop_id: c.shopId,
        user_id: c.id,
        status: 'completed',
        note: 'Citofono Rossi, secondo piano',
        delivery_type: 'address',
        shipping_type: 'address',
        shipping_method_type: 'courier',
        shipping_method_label: 'Corriere',
        shipping_price_cents: 590,
        shipping_free_above_cents: null,
        shipping_cents: 590,
        address_json: JSON.stringify({ address_1: 'Via Garibaldi 7', city: 'Padova' }),
        payment_type: 'payInShop',
        payment_valid: 1,
        paid_at: at,
        subtotal_cents: 2000,
        total_cents: 2590,
        discount_cents: 0,
        total_quantity: 1,
        voucher_json: null,
        voucher_terms_json: null,
        requires_pharmacy_settlement: 0,
        delivery_date: null,
        info: 'Consegnato al vicino',
        created_at: at,
        updated_at: at,
      })
      .returning(['id', 'user_id', 'shop_id', 'status', 'subtotal_cents', 'discount_cents'])
      .executeTakeFirstOrThrow();
    await awardOrderPoints(t.app.db, { ...order, medicine_cents: 0 });
    const file = await t.app.db.selectFrom('files').select(['id', 'blob_key']).where('user_id', '=', c.id).executeTakeFirstOrThrow();
    return { orderId: order.id, fileId: file.id, blobKey: file.blob_key };
  }

  let blobKey: string;
  beforeAll(async () => {
    t = await buildTestApp({ outboxWorker: false, pushAllowInsecureEndpoints: true });
    push = await startPushReceiver();
    customer = await createCustomer(t.app, { name: 'Giulia Esposito' });
    ({ orderId, fileId, blobKey } = await populate(customer));
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  it('exports everything that belongs to the user, and nothing secret', async () => {
    const res = await inject('GET', '/api/profile/export', customer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="farmacia-dati-\d+-\d{4}-\d\d-\d\d\.json"$/);
    const data = AccountExportSchema.parse(res.json());
    expect(data.profile.email).toBe(customer.email);
    expect(data.tables.users?.[0]).toMatchObject({ id: customer.id, name: 'Giulia Esposito', referral_code: customer.referralCode });
    expect(data.tables.users?.[0]).not.toHaveProperty('password_hash');
    expect(data.tables.fiscal_codes).toHaveLength(1);
    expect(data.tables.privacy_consents).toHaveLength(1);
    expect(data.tables.sessions?.[0]).not.toHaveProperty('current_jti');
    expect(data.tables.addresses?.[0]).toMatchObject({ address_1: 'Via Garibaldi 7' });
    expect(data.tables.product_requests?.[0]).toMatchObject({ note: 'Cerco la crema della foto per la dermatite' });
    expect(data.tables.orders?.[0]).toMatchObject({ id: orderId, note: 'Citofono Rossi, secondo piano' });
    expect(data.tables.loyalty_cards?.[0]).toMatchObject({ score: 20 });
    expect(data.tables.loyalty_movements?.[0]).toMatchObject({ reason: 'order', points: 20 });
    expect(data.tables.notification_settings?.[0]).toMatchObject({ type: 'push', device: 'device-gdpr-1' });
    expect(data.tables.notification_settings?.[0]).not.toHaveProperty('subscription');
    expect(data.files).toEqual([{ id: fileId, name: 'foto.png', mime_type: 'image/png', size: expect.any(Number), url: `/api/files/${fileId}` }]);
    // Nobody else's rows.
    const other = await createCustomer(t.app);
    const theirs = AccountExportSchema.parse((await inject('GET', '/api/profile/export', other)).json());
    expect(theirs.tables.orders).toBeUndefined();
    expect(theirs.tables.addresses).toBeUndefined();
    expect(JSON.stringify(theirs)).not.toContain('Giulia Esposito');
  });

  it('refuses deletion without the right password, and counts the attempts', async () => {
    const missing = await inject('DELETE', '/api/profile', customer, {});
    expect(missing.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(missing.json()).errors?.password).toEqual([messages.gdpr.passwordRequired]);
    const wrong = await inject('DELETE', '/api/profile', customer, { password: 'sbagliata!' });
    expect(wrong.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(wrong.json()).errors?.password).toEqual([messages.gdpr.wrongPassword]);
    expect((await inject('GET', '/api/profile', customer)).statusCode).toBe(200);
  });

  it('erases the account: personal and health data gone, orders kept anonymous, sessions ended', async () => {
    const res = await inject('DELETE', '/api/profile', customer, { password: CUSTOMER_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.gdpr.deleted });

    // The token stops working at once, and the password no longer logs in.
    expect((await inject('GET', '/api/profile', customer)).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: customer.email, password: CUSTOMER_PASSWORD } });
    expect(login.statusCode).toBe(401);

    const db = t.app.db;
    const user = await db.selectFrom('users').selectAll().where('id', '=', customer.id).executeTakeFirstOrThrow();
    expect(user.name).toBe('Account eliminato');
    expect(user.email).not.toContain(customer.email.split('@')[0] as string);
    expect(user.phone_number).toBeNull();
    expect(user.deleted_at).not.toBeNull();
    for (const table of ['fiscal_codes', 'addresses', 'product_requests', 'sessions', 'notification_settings', 'loyalty_cards', 'carts'] as const) {
      const rows = await db.selectFrom(table).select('user_id').where('user_id', '=', customer.id).execute();
      expect(rows, table).toEqual([]);
    }
    expect(await db.selectFrom('files').select('id').where('id', '=', fileId).execute()).toEqual([]);
    expect(await t.app.blobStore.get(blobKey)).toBeUndefined();
    const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ user_id: customer.id, total_cents: 2590, note: null, address_json: null, info: null });
    const consent = await db.selectFrom('privacy_consents').selectAll().where('user_id', '=', customer.id).executeTakeFirstOrThrow();
    expect(consent.ip).toBeNull();
    const healthConsent = await db.selectFrom('health_consents').selectAll().where('user_id', '=', customer.id).executeTakeFirstOrThrow();
    expect(healthConsent).toMatchObject({ ip: null, user_agent: null, withdrawn_at: null });
    // One last mail tells the owner; nothing else waits for their address.
    const mail = await db.selectFrom('outbox').selectAll().where('recipient', '=', customer.email).execute();
    expect(mail.map((m) => m.subject)).toEqual([messages.gdpr.mailSubject]);
    // The address may be used again for a new account.
    const again = await createCustomer(t.app, { email: customer.email });
    expect(again.id).not.toBe(customer.id);
  });

  it('lets only customers delete themselves', async () => {
    const staff = await createCustomer(t.app);
    await t.app.db.updateTable('users').set({ role: 'pharmacist' }).where('id', '=', staff.id).execute();
    const res = await inject('DELETE', '/api/profile', staff, { password: CUSTOMER_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(ApiErrorBodySchema.parse(res.json()).message).toBe(messages.gdpr.staffCannotDelete);
  });
});

describe(`erasing the demo customer, who has data in every module (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ outboxWorker: false, demoCatalogueSize: 30 });
    const { seedDemo } = await import('../../db/seed/index.js');
    await seedDemo(t.app);
  });
  afterAll(() => t.close());

  it('exports and then erases without leaving rows behind', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'cliente@farmacia.demo', password: 'Farmacia2026!' },
    });
    const auth = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
    const exported = AccountExportSchema.parse((await t.app.inject({ method: 'GET', url: '/api/profile/export', headers: auth })).json());
    expect(exported.tables.reservations?.length).toBeGreaterThan(0);
    expect(exported.tables.loyalty_cards?.[0]).toMatchObject({ score: 240 });

    const res = await t.app.inject({ method: 'DELETE', url: '/api/profile', headers: auth, payload: { password: 'Farmacia2026!' } });
    expect(res.statusCode).toBe(200);
    const id = exported.tables.users?.[0]?.id as number;
    for (const table of ['reservations', 'fiscal_codes', 'loyalty_cards', 'user_shops'] as const) {
      expect(await t.app.db.selectFrom(table).select('user_id').where('user_id', '=', id).execute(), table).toEqual([]);
    }
  });
});
