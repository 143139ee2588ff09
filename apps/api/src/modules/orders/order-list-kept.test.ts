import { type Order, OrderListResponseSchema } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { secondInstance, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { createProduct, SAMPLE_FILES, uploadOf } from '../../../test/factories/cart.js';
import { insertOrder } from '../../../test/factories/orders.js';
import { orderingShop } from '../../../test/factories/ordering-shop.js';
import { bearer, type CreatedUser, createUser } from '../../../test/factories/users.js';
import { saveUpload } from '../files/files.service.js';
import { listOrders } from './orders.service.js';

/** What the list may read: the tables whose triggers move the version (migration 0137), and the version itself. */
const FOLLOWED = ['files', 'order_list_state', 'order_products', 'orders', 'prescriptions', 'product_requests'];
const tablesOf = (sql: string) => [...sql.matchAll(/\b(?:from|join)\s+"?(\w+)"?/gi)].map((m) => m[1] as string);

/**
 * Decision 0590: a customer's order list is kept between requests while their version
 * (`order_list_state`, migration 0137) stays. Every write the list shows, made anywhere — here
 * another API instance on the same database — is in this instance's next answer.
 */
describe(`order lists kept in memory (${testEngine})`, () => {
  let t: TestApp;
  let other: { app: FastifyInstance; close(): Promise<void> };
  let shopId: number;
  let customer: CreatedUser;
  let neighbour: CreatedUser;

  const list = async (who: CreatedUser): Promise<Order[]> => {
    const res = await t.app.inject({ url: '/api/order', headers: bearer(who.token) });
    expect(res.statusCode, res.body).toBe(200);
    return OrderListResponseSchema.parse(res.json()).data;
  };
  const line = (orderId: number, code: string) => ({
    order_id: orderId,
    position: 1,
    code,
    name: 'Tachipirina 500 mg',
    requested_quantity: 1,
    requested_unit_cents: 450,
    quantity: 1,
    unit_cents: 450,
    total_cents: 450,
    promo: 0,
    prescription_only: 0,
    unavailable: 0,
    added_by_pharmacist: 0,
  });

  beforeAll(async () => {
    ({ t, shopId, customer } = await orderingShop('Farmacia Liste'));
    neighbour = await createUser(t.app, { shopId });
    other = await secondInstance(t);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it("follows another instance's writes to the orders, their lines, prescriptions, requests and files", async () => {
    expect(await list(customer)).toEqual([]);
    const order = await insertOrder(other.app, { userId: customer.user.id, shopId });
    expect((await list(customer)).map((o) => o.status)).toEqual(['created']);
    expect((await list(customer)).map((o) => o.status)).toEqual(['created']);

    await other.app.db.updateTable('orders').set({ status: 'managing' }).where('id', '=', order.id).execute();
    expect((await list(customer))[0]?.status).toBe('managing');

    const lines = async () => (await list(customer))[0]?.products.map((p) => [p.code, p.quantity]);
    expect(await lines()).toEqual([['012745093', 2]]);
    await other.app.db.insertInto('order_products').values(line(order.id, '012745168')).execute();
    expect(await lines()).toEqual([['012745093', 2], ['012745168', 1]]);
    await other.app.db.updateTable('order_products').set({ quantity: 3 }).where('code', '=', '012745168').execute();
    expect(await lines()).toEqual([['012745093', 2], ['012745168', 3]]);
    await other.app.db.deleteFrom('order_products').where('order_id', '=', order.id).execute();
    expect(await lines()).toEqual([]);

    const file = await saveUpload(other.app, { userId: customer.user.id, shopId }, uploadOf('ricetta.pdf', SAMPLE_FILES.pdf));
    const common = { user_id: customer.user.id, shop_id: shopId, cart_id: null, order_id: order.id, equivalent: 0, created_at: order.created_at, updated_at: order.created_at };
    await other.app.db
      .insertInto('prescriptions')
      .values({ ...common, mode: 'file', nre: null, fse_consent: 0, codice_fiscale: 'RSSMRA85T10A562S', note: 'Per mia madre', file_id: file.id })
      .execute();
    expect((await list(customer))[0]?.prescriptions.map((p) => [p.note, p.file?.name])).toEqual([['Per mia madre', 'ricetta.pdf']]);
    await other.app.db.updateTable('prescriptions').set({ note: 'Per mio padre' }).where('order_id', '=', order.id).execute();
    expect((await list(customer))[0]?.prescriptions.map((p) => p.note)).toEqual(['Per mio padre']);
    // A deleted file leaves the prescription without it (the foreign key sets `file_id` to null).
    await other.app.db.deleteFrom('files').where('id', '=', file.id).execute();
    expect((await list(customer))[0]?.prescriptions.map((p) => p.file)).toEqual([null]);

    await other.app.db.insertInto('product_requests').values({ ...common, type: 'galenica', note: 'Crema al cortisone', file_id: null }).execute();
    expect((await list(customer))[0]?.product_requests.map((r) => r.note)).toEqual(['Crema al cortisone']);

    await other.app.db.deleteFrom('prescriptions').where('order_id', '=', order.id).execute();
    await other.app.db.deleteFrom('product_requests').where('order_id', '=', order.id).execute();
    expect((await list(customer))[0]).toMatchObject({ prescriptions: [], product_requests: [] });
    await other.app.db.deleteFrom('orders').where('id', '=', order.id).execute();
    expect(await list(customer)).toEqual([]);
    // A first read of a customer whose version row is left with no order (decision 0600's one statement).
    expect(await listOrders(other.app, { id: customer.user.id, shopId })).toEqual([]);
  });

  it("keeps each customer's list apart: another customer's write changes only their own", async () => {
    const mine = await insertOrder(other.app, { userId: customer.user.id, shopId, status: 'finalizing' });
    expect((await list(customer)).map((o) => o.id)).toEqual([mine.id]);
    expect(await list(neighbour)).toEqual([]);
    const theirs = await insertOrder(other.app, { userId: neighbour.user.id, shopId });
    expect((await list(neighbour)).map((o) => o.id)).toEqual([theirs.id]);
    expect((await list(customer)).map((o) => o.id)).toEqual([mine.id]);
  });

  it('answers a first read exactly as a read after a change (decision 0606: the cells as JSON on SQLite)', async () => {
    const buyer = await createUser(t.app, { shopId });
    const product = await createProduct(other.app, { name: 'Moment 200 mg', priceCents: 799 });
    const at = '2026-03-04T05:06:07.089Z';
    const address = JSON.stringify({ street: 'Via dell\'Oca "Nuova", 3', city: 'Forlì', zip: '47121' });
    const voucher = JSON.stringify({ code: 'ESTATE-10', value: 10.5, type: 'percent' });
    const full = await insertOrder(other.app, {
      userId: buyer.user.id,
      shopId,
      status: 'finalizing',
      created_at: at,
      updated_at: at,
      note: 'Citofono "Rossi" — 2° piano\n\\ grazie',
      delivery_type: 'address',
      shipping_type: 'address',
      shipping_method_type: 'corriere',
      shipping_method_label: 'Corriere espresso',
      shipping_cents: 490,
      address_json: address,
      voucher_json: voucher,
      payment_valid: 1,
      requires_pharmacy_settlement: 1,
      subtotal_cents: 1999,
      total_cents: 2489,
      discount_cents: 201,
      total_quantity: 3,
      delivery_date: '2026-03-06',
      info: 'Pronto domani',
      receipt_fiscal_code: 'RSSMRA85T10A562S',
    });
    const plain = await insertOrder(other.app, { userId: buyer.user.id, shopId, created_at: at, updated_at: at });
    await other.app.db
      .insertInto('order_products')
      .values([
        { ...line(full.id, product.code), position: 2, name: 'Moment 200 mg', quantity: 2, unit_cents: 799, total_cents: 1598, prescription_only: 1 },
        { ...line(full.id, '000000001'), position: 1, unavailable: 1, total_cents: 450 },
        { ...line(plain.id, product.code), name: 'Moment 200 mg' },
      ])
      .execute();

    const fresh = await secondInstance(t);
    try {
      const first = await listOrders(fresh.app, { id: buyer.user.id, shopId });
      // Same updated_at: the later id first; lines in position order.
      expect(first.map((o) => o.id)).toEqual([plain.id, full.id]);
      expect(first[1]?.products.map((p) => [p.name, p.total, p.unavailable, p.prescription_only])).toEqual([
        ['Tachipirina 500 mg', 25, false, false], // the factory's own line
        ['Tachipirina 500 mg', 0, true, false],
        ['Moment 200 mg', 15.98, false, true],
      ]);
      // An update that changes nothing still moves the version: the next read is the rows' own.
      await other.app.db.updateTable('orders').set({ note: null }).where('id', '=', plain.id).execute();
      const again = await listOrders(fresh.app, { id: buyer.user.id, shopId });
      expect(again).not.toBe(first);
      expect(JSON.stringify(first)).toBe(JSON.stringify(again));
    } finally {
      await fresh.close();
    }
  });

  it('reads nothing but the followed tables, and no clock: a kept list is what a fresh read answers', async () => {
    const product = await createProduct(other.app, { name: 'Aspirina 500 mg', priceCents: 600 });
    const order = await insertOrder(other.app, { userId: customer.user.id, shopId, status: 'finalizing' });
    await other.app.db.insertInto('order_products').values(line(order.id, product.code)).execute();
    await other.app.db
      .insertInto('prescriptions')
      .values({ user_id: customer.user.id, shop_id: shopId, cart_id: null, order_id: order.id, equivalent: 0, created_at: order.created_at, updated_at: order.created_at, mode: 'nre', nre: '010A01234567890', fse_consent: 0, codice_fiscale: 'RSSMRA85T10A562S', note: null, file_id: null })
      .execute();

    // Every statement a list read runs, on an instance that has kept nothing yet. It runs no
    // periodic job: the retention job's first run, started when the instance is ready, reads
    // `order_events` on the same handle and may overlap the read.
    const fresh = await secondInstance(t, { outboxWorker: false });
    try {
      const executor = fresh.app.db.getExecutor() as unknown as { executeQuery: (q: { sql: string }) => Promise<unknown> };
      const run = executor.executeQuery.bind(executor);
      const read = new Set<string>();
      let statements = 0;
      executor.executeQuery = (q) => {
        statements += 1;
        for (const table of tablesOf(q.sql)) read.add(table);
        return run(q);
      };
      expect((await listOrders(fresh.app, { id: customer.user.id, shopId })).map((o) => o.id)).toContain(order.id);
      expect([...read].sort()).toEqual(FOLLOWED.filter((table) => table !== 'files'));
      expect(FOLLOWED).toEqual(expect.arrayContaining([...read]));
      // Decision 0600: the version with the orders, then their lines, prescriptions and requests;
      // on SQLite the lines come with the orders (decision 0606).
      expect(statements).toBe(testEngine === 'sqlite' ? 3 : 4);
    } finally {
      await fresh.close();
    }

    // What lies outside those tables changes, and the clock moves three days: the kept list is
    // still exactly what an instance reading afresh answers (by the service: a token would expire).
    const kept = (await t.app.inject({ url: '/api/order', headers: bearer(customer.token) })).json().data;
    await other.app.db.updateTable('shops').set({ name: 'Farmacia Rinominata' }).where('id', '=', shopId).execute();
    await other.app.db.updateTable('products').set({ nome_prodotto: 'ASPIRINA 325 MG' }).where('codice_ministeriale', '=', product.code).execute();
    await other.app.db.updateTable('product_offers').set({ price_cents: 900 }).execute();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 3 * 86_400_000);
      const later = await secondInstance(t);
      try {
        later.app.clock.now = () => new Date();
        expect(JSON.parse(JSON.stringify(await listOrders(later.app, { id: customer.user.id, shopId })))).toEqual(kept);
      } finally {
        await later.close();
      }
    } finally {
      vi.useRealTimers();
    }
  });
});
