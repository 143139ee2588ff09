import { ApiErrorBodySchema, fillMessage, HEALTH_RETENTION_DEFAULT_MONTHS, HealthRetentionResponseSchema, messages, type OrderStatus } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { SAMPLE_FILES, uploadOf } from '../../../test/factories/cart.js';
import { insertOrder } from '../../../test/factories/orders.js';
import { bearer, type CreatedUser, createPharmacist, createShop, createUser, ensureShop } from '../../../test/factories/users.js';
import { saveUpload } from '../files/files.service.js';
import { eraseExpiredHealthData } from './health-retention.service.js';

describe(`health data retention (${testEngine})`, () => {
  let t: TestApp;
  let shopA: number;
  let shopB: number;
  let customerA: CreatedUser;
  let customerB: CreatedUser;
  let pharmacistB: CreatedUser;
  const now = new Date('2026-12-01T02:00:00.000Z');

  beforeAll(async () => {
    t = await buildTestApp();
    shopA = await ensureShop(t.app);
    shopB = await createShop(t.app, 'Farmacia Due');
    customerA = await createUser(t.app, { shopId: shopA });
    customerB = await createUser(t.app, { shopId: shopB });
    pharmacistB = await createPharmacist(t.app, shopB);
  });
  afterAll(() => t.close());

  const retention = (method: 'GET' | 'PUT', user: CreatedUser, payload?: object) =>
    t.app.inject({ method, url: '/api/admin/health-retention', headers: bearer(user.token), ...(payload ? { payload } : {}) });

  /** An order closed (or not) at `at`, carrying a prescription with a file, NRE and note, and a request with a file. */
  async function healthOrder(customer: CreatedUser, shopId: number, status: OrderStatus, at: string, closedByEventAt?: string) {
    const order = await insertOrder(t.app, { userId: customer.user.id, shopId, status, note: 'Ho la pressione alta', info: 'Dose ridotta', updated_at: at, created_at: '2025-01-01T08:00:00.000Z' });
    if (closedByEventAt) {
      await t.app.db
        .insertInto('order_events')
        .values({ order_id: order.id, actor_user_id: null, actor_role: 'pharmacist', from_status: 'managing', to_status: status, note: 'Consegnato', created_at: closedByEventAt })
        .execute();
    }
    const owner = { userId: customer.user.id, shopId };
    const rxFile = await saveUpload(t.app, owner, uploadOf('ricetta.pdf', SAMPLE_FILES.pdf));
    const rqFile = await saveUpload(t.app, owner, uploadOf('foto.png', SAMPLE_FILES.png, 'image/png'));
    const common = { user_id: customer.user.id, shop_id: shopId, cart_id: null, order_id: order.id, equivalent: 0, created_at: at, updated_at: at };
    const rx = await t.app.db
      .insertInto('prescriptions')
      .values({ ...common, mode: 'file', nre: '010A01234567890', fse_consent: 0, codice_fiscale: 'RSSMRA85T10A562S', note: 'Per mia madre', file_id: rxFile.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rq = await t.app.db
      .insertInto('product_requests')
      .values({ ...common, type: 'galenica', note: 'Crema al cortisone', file_id: rqFile.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { order: order.id, rx: rx.id, rq: rq.id, files: [rxFile, rqFile] };
  }

  const blobExists = async (key: string) => (await t.app.blobStore.get(key)) !== undefined;

  it('a shop reads the default and sets its own months; out-of-range months and customers are refused', async () => {
    const read = HealthRetentionResponseSchema.parse((await retention('GET', pharmacistB)).json()).data;
    expect(read).toEqual({ shop_id: shopB, months: HEALTH_RETENTION_DEFAULT_MONTHS, default_months: HEALTH_RETENTION_DEFAULT_MONTHS });
    const bad = await retention('PUT', pharmacistB, { months: 0 });
    expect(bad.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(bad.json()).errors?.months).toEqual([fillMessage(messages.healthData.retentionRange, { min: 1, max: 120 })]);
    expect((await retention('PUT', customerB, { months: 12 })).statusCode).toBe(403);
    const set = await retention('PUT', pharmacistB, { months: 12 });
    expect(set.statusCode, set.body).toBe(200);
    expect(HealthRetentionResponseSchema.parse(set.json()).data.months).toBe(12);
  });

  it('erases exactly the expired health data of closed orders, shop by shop, keeping totals and dates; a second run finds nothing', async () => {
    // Shop A keeps 6 months (cutoff 2026-06-01), shop B 12 (cutoff 2025-12-01).
    const expiredCompleted = await healthOrder(customerA, shopA, 'completed', '2026-05-01T10:00:00.000Z');
    const expiredCancelled = await healthOrder(customerA, shopA, 'cancelled', '2026-05-31T23:00:00.000Z');
    const recent = await healthOrder(customerA, shopA, 'completed', '2026-06-01T03:00:00.000Z');
    const open = await healthOrder(customerA, shopA, 'created', '2025-01-01T10:00:00.000Z');
    const closedLater = await healthOrder(customerA, shopA, 'completed', '2026-01-01T10:00:00.000Z', '2026-08-01T10:00:00.000Z');
    const keptByLongerRetention = await healthOrder(customerB, shopB, 'completed', '2026-05-01T10:00:00.000Z');
    const expiredB = await healthOrder(customerB, shopB, 'completed', '2025-11-01T10:00:00.000Z');
    const erased = [expiredCompleted, expiredCancelled, expiredB];
    const kept = [recent, open, closedLater, keptByLongerRetention];

    t.app.clock.now = () => now;
    // Two instances at once: every row is erased once.
    const runs = await Promise.all([eraseExpiredHealthData(t.app, t.app.clock.now()), eraseExpiredHealthData(t.app, t.app.clock.now())]);
    const total = (key: 'prescriptions' | 'productRequests' | 'files') => runs.reduce((n, r) => n + r[key], 0);
    expect([total('prescriptions'), total('productRequests'), total('files')]).toEqual([3, 3, 6]);

    for (const o of erased) {
      expect(await t.app.db.selectFrom('prescriptions').selectAll().where('id', '=', o.rx).executeTakeFirstOrThrow()).toMatchObject({
        order_id: o.order,
        mode: 'file',
        nre: null,
        codice_fiscale: '',
        note: null,
        file_id: null,
        health_erased_at: now.toISOString(),
      });
      expect(await t.app.db.selectFrom('product_requests').selectAll().where('id', '=', o.rq).executeTakeFirstOrThrow()).toMatchObject({
        order_id: o.order,
        type: 'galenica',
        note: '',
        file_id: null,
        health_erased_at: now.toISOString(),
      });
      const order = await t.app.db.selectFrom('orders').selectAll().where('id', '=', o.order).executeTakeFirstOrThrow();
      expect(order).toMatchObject({ note: null, info: null, total_cents: 2500 });
      for (const file of o.files) {
        expect(await t.app.db.selectFrom('files').select('id').where('id', '=', file.id).executeTakeFirst()).toBeUndefined();
        expect(await blobExists(file.blob_key)).toBe(false);
      }
    }
    for (const o of kept) {
      expect(await t.app.db.selectFrom('prescriptions').selectAll().where('id', '=', o.rx).executeTakeFirstOrThrow()).toMatchObject({
        nre: '010A01234567890',
        codice_fiscale: 'RSSMRA85T10A562S',
        note: 'Per mia madre',
        health_erased_at: null,
      });
      expect((await t.app.db.selectFrom('product_requests').select('note').where('id', '=', o.rq).executeTakeFirstOrThrow()).note).toBe('Crema al cortisone');
      expect((await t.app.db.selectFrom('orders').select('note').where('id', '=', o.order).executeTakeFirstOrThrow()).note).toBe('Ho la pressione alta');
      for (const file of o.files) expect(await blobExists(file.blob_key)).toBe(true);
    }

    expect(await eraseExpiredHealthData(t.app, now)).toEqual({ prescriptions: 0, productRequests: 0, files: 0 });
  });

  it('looks for expired data with a few statements whatever the number of shops: one per months value, not three a shop', async () => {
    for (let i = 0; i < 10; i++) await createShop(t.app, `Farmacia ${i + 3}`);
    const executor = t.app.db.getExecutor() as unknown as { executeQuery: (q: { sql: string }) => Promise<unknown> };
    const run = executor.executeQuery.bind(executor);
    let statements = 0;
    executor.executeQuery = (q) => {
      // The job's own statements only: a periodic job of the test app may run beside it.
      if (/\b(shops|options|prescriptions|product_requests)\b/.test(q.sql)) statements += 1;
      return run(q);
    };
    try {
      expect(await eraseExpiredHealthData(t.app, now)).toEqual({ prescriptions: 0, productRequests: 0, files: 0 });
    } finally {
      executor.executeQuery = run;
    }
    // The shops' months (one read), then prescriptions and requests for shop B's 12 months and for every other shop's default.
    expect(statements).toBe(1 + 2 * 2);
  });
});
