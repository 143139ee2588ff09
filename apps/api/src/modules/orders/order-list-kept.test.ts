import { type Order, OrderListResponseSchema } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondInstance, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { SAMPLE_FILES, uploadOf } from '../../../test/factories/cart.js';
import { insertOrder } from '../../../test/factories/orders.js';
import { orderingShop } from '../../../test/factories/ordering-shop.js';
import { bearer, type CreatedUser, createUser } from '../../../test/factories/users.js';
import { saveUpload } from '../files/files.service.js';

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
  });

  it("keeps each customer's list apart: another customer's write changes only their own", async () => {
    const mine = await insertOrder(other.app, { userId: customer.user.id, shopId, status: 'finalizing' });
    expect((await list(customer)).map((o) => o.id)).toEqual([mine.id]);
    expect(await list(neighbour)).toEqual([]);
    const theirs = await insertOrder(other.app, { userId: neighbour.user.id, shopId });
    expect((await list(neighbour)).map((o) => o.id)).toEqual([theirs.id]);
    expect((await list(customer)).map((o) => o.id)).toEqual([mine.id]);
  });
});
