import {
  ApiErrorBodySchema,
  AdminOrderListResponseSchema,
  AuditListResponseSchema,
  AdminOrderResponseSchema,
  ORDER_STATUSES,
  type OrderStatus,
  messages,
  OrderResponseSchema,
} from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { insertOrder } from '../../../test/factories/orders.js';
import { orderingShop } from '../../../test/factories/ordering-shop.js';
import { bearer, type CreatedUser, createAdmin, createPharmacist, createShop, createUser } from '../../../test/factories/users.js';

/**
 * ARCHITECTURE §4 Order lifecycle: every move, legal and illegal, for the pharmacist and the
 * customer, checked on the server (409 when illegal) and recorded with who and when.
 */

type Move = 'take-charge' | 'finalize' | 'reopen' | 'process' | 'ship' | 'complete' | 'cancel';

/** From which statuses each pharmacist move is legal (for an order delivered to an address / collected in shop). */
const PHARMACIST_LEGAL: Record<Move, { address: OrderStatus[]; inShop: OrderStatus[]; to: OrderStatus }> = {
  'take-charge': { address: ['created'], inShop: ['created'], to: 'managing' },
  finalize: { address: ['managing'], inShop: ['managing'], to: 'finalizing' },
  reopen: { address: ['finalizing'], inShop: ['finalizing'], to: 'managing' },
  process: { address: ['confirmed'], inShop: ['confirmed'], to: 'processing' },
  ship: { address: ['processing'], inShop: [], to: 'shipped' },
  complete: { address: ['shipped'], inShop: ['processing', 'shipped'], to: 'completed' },
  cancel: {
    address: ['created', 'managing', 'finalizing', 'confirmed', 'processing'],
    inShop: ['created', 'managing', 'finalizing', 'confirmed', 'processing'],
    to: 'cancelled',
  },
};

describe('pharmacist order lifecycle', () => {
  let t: TestApp;
  let shopId: number;
  let customer: CreatedUser;
  let pharmacist: CreatedUser;
  let otherPharmacist: CreatedUser;

  beforeAll(async () => {
    ({ t, shopId, customer } = await orderingShop('Farmacia Lifecycle'));
    pharmacist = await createPharmacist(t.app, shopId);
    otherPharmacist = await createPharmacist(t.app, await createShop(t.app, 'Farmacia Concorrente'));
  });
  afterAll(() => t.close());

  const staff = (who: CreatedUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/admin/orders${url}`, headers: bearer(who.token), ...(payload ? { payload } : {}) });

  const shippingOf = (kind: 'address' | 'inShop') =>
    kind === 'address'
      ? { delivery_type: 'address', shipping_type: 'address' as const, shipping_method_type: 'corriere', shipping_method_label: 'Corriere espresso' }
      : {};

  for (const [move, legal] of Object.entries(PHARMACIST_LEGAL) as Array<[Move, (typeof PHARMACIST_LEGAL)[Move]]>) {
    for (const kind of ['address', 'inShop'] as const) {
      it(`${move} (${kind}): legal only from ${legal[kind].join(', ') || 'nowhere'}`, async () => {
        for (const status of ORDER_STATUSES) {
          const order = await insertOrder(t.app, { userId: customer.user.id, shopId, status, ...shippingOf(kind) });
          const res = await staff(pharmacist, 'POST', `/${order.id}/${move}`, move === 'finalize' ? { info: 'Pronto da giovedì' } : undefined);
          if (legal[kind].includes(status)) {
            expect(res.statusCode, `${move} from ${status}`).toBe(200);
            const { data } = AdminOrderResponseSchema.parse(res.json());
            expect(data.status).toBe(legal.to);
            const last = data.events.at(-1);
            expect(last).toMatchObject({ from_status: status, to_status: legal.to, actor_role: 'pharmacist', actor_user_id: pharmacist.user.id });
            expect(last?.actor_name).toBe('Dott.ssa Chiara Romano');
          } else {
            expect(res.statusCode, `${move} from ${status}`).toBe(409);
            const after = await staff(pharmacist, 'GET', `/${order.id}`);
            expect(AdminOrderResponseSchema.parse(after.json()).data.status).toBe(status);
          }
        }
      });
    }
  }

  const CUSTOMER_MOVES: Array<[string, (id: number) => string, OrderStatus]> = [
    ['confirm', (id) => `/api/order/${id}/confirm`, 'confirmed'],
    ['cancel', (id) => `/api/order/${id}/cancel`, 'cancelled'],
    ['payment-type', (id) => `/api/order/${id}/payment-type/payInShop`, 'finalizing'],
  ];
  for (const [name, url, to] of CUSTOMER_MOVES) {
    it(`customer ${name}: only in finalizing (spec §4), 409 elsewhere`, async () => {
      for (const status of ORDER_STATUSES) {
        const order = await insertOrder(t.app, { userId: customer.user.id, shopId, status, payment_type: 'payInShop' });
        const res = await t.app.inject({ method: 'POST', url: url(order.id), headers: bearer(customer.token) });
        if (status === 'finalizing') {
          expect(res.statusCode, `${name} from ${status}`).toBe(200);
          expect(OrderResponseSchema.parse(res.json()).data.status).toBe(to);
        } else {
          expect(res.statusCode, `${name} from ${status}`).toBe(409);
          expect(res.json().message).toBe("Operazione non consentita nello stato attuale dell'ordine.");
        }
      }
    });
  }

  it('confirm with an online payment type waits for the payment (409), and a paid order cannot be reopened', async () => {
    const order = await insertOrder(t.app, { userId: customer.user.id, shopId, status: 'finalizing', payment_type: 'nexi' });
    const res = await t.app.inject({ method: 'POST', url: `/api/order/${order.id}/confirm`, headers: bearer(customer.token) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ORDER_PAYMENT_REQUIRED', message: "Per confermare l'ordine completa il pagamento online." });

    const paid = await insertOrder(t.app, { userId: customer.user.id, shopId, status: 'finalizing', payment_type: 'nexi', payment_valid: 1 });
    expect((await staff(pharmacist, 'POST', `/${paid.id}/reopen`)).statusCode).toBe(409);
  });

  it('a completed order adds loyalty points for the goods paid (subtotal minus discount), a cancelled one none', async () => {
    const buyer = await createUser(t.app, { shopId });
    const card = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/fidelityCard', headers: bearer(buyer.token) });
      return (res.json() as { data: Array<{ score: number }> }).data[0]?.score ?? 0;
    };
    const before = await card();
    const kept = await insertOrder(t.app, { userId: buyer.user.id, shopId, status: 'processing', subtotal_cents: 2500, discount_cents: 500 });
    const dropped = await insertOrder(t.app, { userId: buyer.user.id, shopId, status: 'processing', subtotal_cents: 9900 });
    expect((await staff(pharmacist, 'POST', `/${kept.id}/complete`)).statusCode).toBe(200);
    expect((await staff(pharmacist, 'POST', `/${dropped.id}/cancel`)).statusCode).toBe(200);
    // A second completion is refused (409) and cannot count the points twice.
    expect((await staff(pharmacist, 'POST', `/${kept.id}/complete`)).statusCode).toBe(409);
    expect((await card()) - before).toBe(20);
  });

  it('records the whole history with who and when, and tells the customer at each step', async () => {
    const order = await insertOrder(t.app, {
      userId: customer.user.id,
      shopId,
      ...shippingOf('address'),
    });
    const outboxBefore = await t.app.db.selectFrom('outbox').select('id').where('recipient', '=', customer.user.email).execute();
    for (const move of ['take-charge', 'finalize'] as const) {
      expect((await staff(pharmacist, 'POST', `/${order.id}/${move}`, move === 'finalize' ? { delivery_date: '2030-05-02', info: 'Disponibile da giovedì' } : undefined)).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/order/${order.id}/confirm`, headers: bearer(customer.token) })).statusCode).toBe(200);
    for (const move of ['process', 'ship', 'complete'] as const) {
      expect((await staff(pharmacist, 'POST', `/${order.id}/${move}`, { note: `passo ${move}` })).statusCode).toBe(200);
    }
    const { data } = AdminOrderResponseSchema.parse((await staff(pharmacist, 'GET', `/${order.id}`)).json());
    expect(data.events.map((e) => [e.from_status, e.to_status, e.actor_role])).toEqual([
      ['created', 'managing', 'pharmacist'],
      ['managing', 'finalizing', 'pharmacist'],
      ['finalizing', 'confirmed', 'customer'],
      ['confirmed', 'processing', 'pharmacist'],
      ['processing', 'shipped', 'pharmacist'],
      ['shipped', 'completed', 'pharmacist'],
    ]);
    expect(data.events.at(-1)?.note).toBe('passo complete');
    expect(data).toMatchObject({ delivery_date: '2030-05-02', info: 'Disponibile da giovedì', status: 'completed' });
    for (const e of data.events) expect(Number.isNaN(Date.parse(e.created_at))).toBe(false);

    const mails = await t.app.db
      .selectFrom('outbox')
      .select(['subject', 'body_text'])
      .where('recipient', '=', customer.user.email)
      .where('channel', '=', 'email')
      .orderBy('id')
      .execute();
    const fresh = mails.slice(outboxBefore.length);
    expect(fresh.map((m) => m.subject)).toEqual([
      `Ordine n. ${order.id}: In preparazione`,
      `Ordine n. ${order.id}: In attesa della tua conferma`,
      `Ordine n. ${order.id}: Preparazione alla spedizione`,
      `Ordine n. ${order.id}: Preparazione alla spedizione`,
      `Ordine n. ${order.id}: In consegna`,
      `Ordine n. ${order.id}: Consegnato`,
    ]);
    expect(fresh[1]?.body_text).toContain('Note della farmacia: Disponibile da giovedì');
  });

  it("keeps each pharmacist to their own shop: another shop's order is 404, customers are 403", async () => {
    const order = await insertOrder(t.app, { userId: customer.user.id, shopId });
    for (const [method, url] of [
      ['GET', `/${order.id}`],
      ['POST', `/${order.id}/take-charge`],
      ['POST', `/${order.id}/cancel`],
      ['PUT', `/${order.id}/notes`],
    ] as const) {
      const res = await staff(otherPharmacist, method, url, method === 'PUT' ? { info: 'x' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = AdminOrderListResponseSchema.parse((await staff(otherPharmacist, 'GET', '')).json());
    expect(list.data.some((o) => o.id === order.id)).toBe(false);

    expect((await staff(customer, 'GET', '')).statusCode).toBe(403);
    expect((await staff(customer, 'POST', `/${order.id}/take-charge`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders' })).statusCode).toBe(401);
    // Untouched.
    expect(AdminOrderResponseSchema.parse((await staff(pharmacist, 'GET', `/${order.id}`)).json()).data.status).toBe('created');
  });

  it('lists the shop orders filtered by status and searched by customer, newest update first', async () => {
    const shop2 = await createShop(t.app, 'Farmacia Elenco');
    const boss = await createPharmacist(t.app, shop2);
    const anna = await createUser(t.app, { shopId: shop2, name: 'Anna Bianchi' });
    const luca = await createUser(t.app, { shopId: shop2, name: 'Luca Verdi' });
    const a1 = await insertOrder(t.app, { userId: anna.user.id, shopId: shop2, updated_at: '2030-01-01T10:00:00.000Z' });
    const a2 = await insertOrder(t.app, { userId: anna.user.id, shopId: shop2, status: 'finalizing', updated_at: '2030-01-03T10:00:00.000Z' });
    const l1 = await insertOrder(t.app, { userId: luca.user.id, shopId: shop2, status: 'managing', updated_at: '2030-01-02T10:00:00.000Z' });

    const all = AdminOrderListResponseSchema.parse((await staff(boss, 'GET', '')).json());
    expect(all.data.map((o) => o.id)).toEqual([a2.id, l1.id, a1.id]);
    expect(all.total).toBe(3);
    expect(all.data[0]?.customer).toMatchObject({ name: 'Anna Bianchi', email: anna.user.email });

    const open = AdminOrderListResponseSchema.parse((await staff(boss, 'GET', '?status=created,managing')).json());
    expect(open.data.map((o) => o.id)).toEqual([l1.id, a1.id]);
    const byName = AdminOrderListResponseSchema.parse((await staff(boss, 'GET', '?q=verdi')).json());
    expect(byName.data.map((o) => o.id)).toEqual([l1.id]);
    const byId = AdminOrderListResponseSchema.parse((await staff(boss, 'GET', `?q=${a1.id}`)).json());
    expect(byId.data.map((o) => o.id)).toEqual([a1.id]);
    const page2 = AdminOrderListResponseSchema.parse((await staff(boss, 'GET', '?rpp=2&p=2')).json());
    expect(page2.data.map((o) => o.id)).toEqual([a1.id]);
    expect((await staff(boss, 'GET', '?status=lost')).statusCode).toBe(422);
  });

  it('changes the delivery date and notes while the order is open, not once closed', async () => {
    const order = await insertOrder(t.app, { userId: customer.user.id, shopId, status: 'processing' });
    const res = await staff(pharmacist, 'PUT', `/${order.id}/notes`, { delivery_date: '2030-06-01', info: '  Ritiro dopo le 16  ' });
    expect(res.statusCode).toBe(200);
    expect(AdminOrderResponseSchema.parse(res.json()).data).toMatchObject({ delivery_date: '2030-06-01', info: 'Ritiro dopo le 16' });
    expect((await staff(pharmacist, 'PUT', `/${order.id}/notes`, { delivery_date: '2030-13-01' })).statusCode).toBe(422);
    const closed = await insertOrder(t.app, { userId: customer.user.id, shopId, status: 'completed' });
    expect((await staff(pharmacist, 'PUT', `/${closed.id}/notes`, { info: 'x' })).statusCode).toBe(409);
  });

  it("refuses a final line's code or name on more than one line, and the order is left as it was (decision 0680)", async () => {
    const order = await insertOrder(t.app, { userId: customer.user.id, shopId, status: 'created', total_cents: 2500 });
    expect((await staff(pharmacist, 'POST', `/${order.id}/take-charge`)).statusCode).toBe(200);
    const before = (await staff(pharmacist, 'GET', `/${order.id}`)).body;
    const res = await staff(pharmacist, 'POST', `/${order.id}/finalize`, {
      info: 'Pronto domani',
      products: [{ code: 'GAL\n001', name: 'Crema\ngalenica', quantity: 1, price: 3.5 }],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(ApiErrorBodySchema.parse(res.json()).errors).toEqual({
      'products.0.code': [messages.validation.singleLine],
      'products.0.name': [messages.validation.singleLine],
    });
    expect((await staff(pharmacist, 'GET', `/${order.id}`)).body).toBe(before);
  });

  it('records each change in the audit log with the order before and after, in the same transaction (not the generic net)', async () => {
    const admin = await createAdmin(t.app);
    const order = await insertOrder(t.app, { userId: customer.user.id, shopId, status: 'created', total_cents: 2500 });
    expect((await staff(pharmacist, 'POST', `/${order.id}/take-charge`)).statusCode).toBe(200);
    const lines = AdminOrderResponseSchema.parse((await staff(pharmacist, 'GET', `/${order.id}`)).json()).data.products;
    const code = lines[0]?.code ?? '';
    const finalized = await staff(pharmacist, 'POST', `/${order.id}/finalize`, { info: 'Pronto domani', products: [{ code, quantity: 1, price: 3.5 }] });
    expect(finalized.statusCode, finalized.body).toBe(200);
    expect((await staff(pharmacist, 'PUT', `/${order.id}/notes`, { info: 'Pronto dopo le 16' })).statusCode).toBe(200);
    // A refused move leaves no trace.
    expect((await staff(pharmacist, 'POST', `/${order.id}/ship`)).statusCode).toBe(409);

    const trail = AuditListResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/admin/audit?entity=order&rpp=200', headers: bearer(admin.token) })).json(),
    ).data.filter((a) => a.entity_id === String(order.id));
    expect(trail.map((a) => a.action)).toEqual(['notes', 'finalize', 'take-charge']);
    const [notes, finalize, takeCharge] = trail;
    expect(takeCharge).toMatchObject({ user_id: pharmacist.user.id, shop_id: shopId, before: { status: 'created' }, after: { status: 'managing' } });
    expect(finalize?.before).toMatchObject({ status: 'managing', total_cents: 2500 });
    expect(finalize?.after).toMatchObject({ status: 'finalizing', info: 'Pronto domani', products: [{ code, quantity: 1, unit_cents: 350, unavailable: false }] });
    expect(notes).toMatchObject({ before: { info: 'Pronto domani' }, after: { info: 'Pronto dopo le 16' } });
  });
});
