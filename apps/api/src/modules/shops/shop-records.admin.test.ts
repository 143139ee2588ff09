import {
  AdminInfoRequestListResponseSchema,
  AdminInfoRequestResponseSchema,
  AdminLoyaltyCardDetailResponseSchema,
  AdminLoyaltyCardListResponseSchema,
  AdminVoucherListResponseSchema,
  AdminVoucherResponseSchema,
  AuditListResponseSchema,
  CartResponseSchema,
  LoyaltyCardListResponseSchema,
} from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { apiCaller } from '../../../test/factories/api-call.js';
import { bearer, type CreatedUser, createBackOfficeCast } from '../../../test/factories/users.js';
import { awardPoints } from '../loyalty/loyalty.service.js';
import { createShopService } from '../services/services.service.js';

/**
 * Issue 8, "Shop": vouchers, loyalty cards and the info requests inbox in the back office. Each
 * route: 401/403 for strangers and customers, 404 for another shop's row (before its body is
 * read), 422 with Italian messages, and the change audited.
 */
describe('back office: vouchers, loyalty cards, info requests', () => {
  let t: TestApp;
  // Two shops, a customer, a pharmacist of each shop, an admin (createBackOfficeCast).
  let shopId: number;
  let customer: CreatedUser, pharmacist: CreatedUser, otherPharmacist: CreatedUser, admin: CreatedUser;
  let cardId: number;
  let requestId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    ({ shopId, customer, pharmacist, otherPharmacist, admin } = await createBackOfficeCast(t.app, { name: 'Marta Cliente' }));
    await awardPoints(t.app.db, { userId: customer.user.id, shopId, points: 120, reason: 'order', reference: 'order:9001' });
    const card = await t.app.db.selectFrom('loyalty_cards').select('id').where('user_id', '=', customer.user.id).executeTakeFirstOrThrow();
    cardId = card.id;
    const serviceId = await createShopService(t.app.db, {
      shopId,
      categoryId: null,
      groupId: null,
      name: 'Consulenza nutrizionale',
      description: '<p>Un incontro</p>',
      priceCents: null,
    });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/shopservices',
      headers: bearer(customer.token),
      payload: { shop_service_id: serviceId, shop_service_name: 'Consulenza nutrizionale', note: 'Sono celiaca, è adatta?' },
    });
    expect(asked.statusCode).toBeLessThan(300);
    requestId = (asked.json() as { data: { id: number } }).data.id;
  });
  afterAll(() => t.close());

  const call = apiCaller(() => t.app);

  const voucher = {
    code: 'autunno20',
    name: 'Autunno',
    description: 'Sconto di stagione',
    kind: 'percent',
    value: 20,
    valid_from: '2026-01-01',
    valid_to: '2036-12-31',
    total_limit: 100,
    per_customer_limit: 1,
    minimum_cart_total: 30,
    include_promo_product: false,
    active: true,
  };

  const ROUTES = (): Array<['GET' | 'POST' | 'PUT', string, unknown?]> => [
    ['GET', '/admin/vouchers'],
    ['POST', '/admin/vouchers', voucher],
    ['PUT', '/admin/vouchers/1', voucher],
    ['POST', '/admin/vouchers/1/deactivate'],
    ['GET', '/admin/loyalty-cards'],
    ['GET', `/admin/loyalty-cards/${cardId}`],
    ['POST', `/admin/loyalty-cards/${cardId}/adjust`, { points: 10, reason: 'Omaggio' }],
    ['POST', `/admin/loyalty-cards/${cardId}/reissue`, { reason: 'Smarrita' }],
    ['GET', '/admin/info-requests'],
    ['GET', `/admin/info-requests/${requestId}`],
    ['POST', `/admin/info-requests/${requestId}/handle`, { reply: 'Sì' }],
  ];

  it('refuses every route to no token (401) and to a customer (403), whatever the body', async () => {
    const wrong: string[] = [];
    for (const [method, url, body] of ROUTES()) {
      const anon = await call(null, method, url, body);
      if (anon.statusCode !== 401) wrong.push(`${method} ${url} anonymous ${anon.statusCode}`);
      for (const payload of method === 'GET' ? [undefined] : [body, { junk: 1 }]) {
        const res = await call(customer, method, url, payload);
        if (res.statusCode !== 403) wrong.push(`${method} ${url} customer ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('creates, lists, edits and deactivates a voucher with the vouchers module rules; the cart sees it', async () => {
    const created = await call(pharmacist, 'POST', '/admin/vouchers', voucher);
    expect(created.statusCode, created.body).toBe(201);
    const v = AdminVoucherResponseSchema.parse(created.json()).data;
    expect(v).toMatchObject({ code: 'AUTUNNO20', kind: 'percent', value: 20, valid_from: '2026-01-01', valid_to: '2036-12-31', minimum_cart_total: 30 });
    expect(v.include_promo_product).toBe(false);
    const row = await t.app.db.selectFrom('vouchers').selectAll().where('id', '=', v.id).executeTakeFirstOrThrow();
    expect(row.minimum_cart_total).toBe(3000);
    expect(row.shop_id).toBe(shopId);
    // Window as whole Rome days: from midnight in Rome, to the midnight after the last day.
    expect(row.starts_at).toBe('2025-12-31T23:00:00.000Z');
    expect(row.ends_at).toBe('2036-12-31T23:00:00.000Z');

    const dup = await call(pharmacist, 'POST', '/admin/vouchers', { ...voucher, code: 'Autunno20' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.code).toEqual(['Questo codice è già in uso nella farmacia.']);
    // Another shop may use the same code.
    expect((await call(otherPharmacist, 'POST', '/admin/vouchers', voucher)).statusCode).toBe(201);

    const list = AdminVoucherListResponseSchema.parse((await call(pharmacist, 'GET', '/admin/vouchers?q=autun')).json()).data;
    expect(list.map((x) => x.id)).toEqual([v.id]);

    const edited = await call(pharmacist, 'PUT', `/admin/vouchers/${v.id}`, { ...voucher, kind: 'fixed', value: 7.5, name: 'Autunno fisso' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(AdminVoucherResponseSchema.parse(edited.json()).data).toMatchObject({ kind: 'fixed', value: 7.5, name: 'Autunno fisso' });
    expect((await t.app.db.selectFrom('vouchers').select('value').where('id', '=', v.id).executeTakeFirstOrThrow()).value).toBe(750);

    // The customer applies it (a use is taken), then the limit cannot go below the uses.
    await t.app.db.updateTable('vouchers').set({ uses: 3 }).where('id', '=', v.id).execute();
    const below = await call(pharmacist, 'PUT', `/admin/vouchers/${v.id}`, { ...voucher, total_limit: 2 });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors.total_limit).toEqual(['Il limite non può essere inferiore agli utilizzi già fatti (3).']);

    const off = await call(pharmacist, 'POST', `/admin/vouchers/${v.id}/deactivate`);
    expect(off.statusCode).toBe(200);
    expect(AdminVoucherResponseSchema.parse(off.json()).data.active).toBe(false);
    const applied = await call(customer, 'POST', '/cart/vouchers/AUTUNNO20', { code: 'AUTUNNO20' });
    expect(CartResponseSchema.parse(applied.json()).data.apply_voucher?.type).toBe('inactive');

    const trail = AuditListResponseSchema.parse((await call(admin, 'GET', `/admin/audit?shop_id=${shopId}&entity=voucher`)).json()).data;
    expect(trail.map((e) => e.action)).toEqual(['deactivate', 'update', 'create']);
    expect(trail[0]?.before).toMatchObject({ active: true });
  });

  it('keeps a voucher valid to the last day there is (9999-12-31): stored, read back and applied by the cart', async () => {
    const created = await call(pharmacist, 'POST', '/admin/vouchers', { ...voucher, code: 'SEMPRE', valid_to: '9999-12-31' });
    expect(created.statusCode, created.body).toBe(201);
    const v = AdminVoucherResponseSchema.parse(created.json()).data;
    expect(v.valid_to).toBe('9999-12-31');
    const edited = await call(pharmacist, 'PUT', `/admin/vouchers/${v.id}`, { ...voucher, code: 'SEMPRE', valid_to: '9999-12-31', name: 'Sempre' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(AdminVoucherResponseSchema.parse(edited.json()).data.valid_to).toBe('9999-12-31');
    const applied = await call(customer, 'POST', '/cart/vouchers/SEMPRE', { code: 'SEMPRE' });
    // In force (not 'expired'): the customer's cart is only below its minimum.
    expect(CartResponseSchema.parse(applied.json()).data.apply_voucher?.type).toBe('minimum_cart_total');
  });

  it('refuses bad vouchers with Italian messages', async () => {
    const res = await call(pharmacist, 'POST', '/admin/vouchers', {
      ...voucher,
      code: 'a b',
      kind: 'percent',
      value: 150,
      valid_from: '2030-02-01',
      valid_to: '2030-01-01',
      minimum_cart_total: -1,
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json() as { errors: Record<string, string[]> };
    expect(errors.code).toEqual(['Il codice può contenere solo lettere, cifre, - e _ (da 3 a 30 caratteri).']);
    expect(errors.minimum_cart_total?.[0]).toMatch(/importo/);
    const fixed = await call(pharmacist, 'POST', '/admin/vouchers', { ...voucher, code: 'FISSO', kind: 'fixed', value: 0 });
    expect(fixed.json().errors.value).toEqual(['Inserire un importo maggiore di zero (massimo 2 decimali).']);
  });

  it("keeps another shop's pharmacist out of the vouchers, cards and requests (404 before the body, nothing changes)", async () => {
    const mine = AdminVoucherListResponseSchema.parse((await call(pharmacist, 'GET', '/admin/vouchers')).json()).data[0];
    if (!mine) throw new Error('no voucher');
    const wrong: string[] = [];
    for (const [method, url, body] of [
      ['PUT', `/admin/vouchers/${mine.id}`, {}],
      ['PUT', `/admin/vouchers/${mine.id}`, { ...voucher, shop_id: shopId }],
      ['POST', `/admin/vouchers/${mine.id}/deactivate`, {}],
      ['GET', `/admin/loyalty-cards/${cardId}`, undefined],
      ['POST', `/admin/loyalty-cards/${cardId}/adjust`, {}],
      ['POST', `/admin/loyalty-cards/${cardId}/adjust`, { points: 1000, reason: 'x', shop_id: shopId }],
      ['POST', `/admin/loyalty-cards/${cardId}/reissue`, { reason: 'x' }],
      ['GET', `/admin/info-requests/${requestId}`, undefined],
      ['POST', `/admin/info-requests/${requestId}/handle`, {}],
    ] as Array<['GET' | 'POST' | 'PUT', string, unknown]>) {
      const res = await call(otherPharmacist, method, url, body);
      if (res.statusCode !== 404) wrong.push(`${method} ${url}: ${res.statusCode}`);
      if (res.body.includes('Marta') || res.body.includes('celiaca')) wrong.push(`${method} ${url} shows the row`);
    }
    expect(wrong).toEqual([]);
    const lists = [
      await call(otherPharmacist, 'GET', `/admin/loyalty-cards?shop_id=${shopId}`),
      await call(otherPharmacist, 'GET', `/admin/info-requests?shop_id=${shopId}`),
    ];
    for (const l of lists) {
      expect(l.statusCode).toBe(200);
      expect(l.body).not.toContain('Marta');
    }
    const card = await t.app.db.selectFrom('loyalty_cards').select('score').where('id', '=', cardId).executeTakeFirstOrThrow();
    expect(card.score).toBe(120);
  });

  it('finds a card, adjusts its points with a reason (never below zero) and re-issues it; the customer sees the change', async () => {
    const found = AdminLoyaltyCardListResponseSchema.parse((await call(pharmacist, 'GET', '/admin/loyalty-cards?q=marta')).json()).data;
    expect(found.map((c) => c.id)).toEqual([cardId]);
    expect(found[0]?.score).toBe(120);
    const byNumber = AdminLoyaltyCardListResponseSchema.parse(
      (await call(pharmacist, 'GET', `/admin/loyalty-cards?q=${found[0]?.card_number.slice(0, 8)}`)).json(),
    ).data;
    expect(byNumber.map((c) => c.id)).toEqual([cardId]);

    const plus = await call(pharmacist, 'POST', `/admin/loyalty-cards/${cardId}/adjust`, { points: 30, reason: 'Reclamo risolto' });
    expect(plus.statusCode, plus.body).toBe(200);
    const after = AdminLoyaltyCardDetailResponseSchema.parse(plus.json()).data;
    expect(after.score).toBe(150);
    expect(after.movements[0]).toMatchObject({ points: 30, reason: 'adjustment', note: 'Reclamo risolto' });
    expect(after.movements[1]).toMatchObject({ points: 120, reason: 'order' });

    const over = await call(pharmacist, 'POST', `/admin/loyalty-cards/${cardId}/adjust`, { points: -151, reason: 'Errore' });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.points).toEqual(['Il saldo della carta non può diventare negativo (saldo attuale: 150).']);
    const zero = await call(pharmacist, 'POST', `/admin/loyalty-cards/${cardId}/adjust`, { points: 0, reason: '' });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors).toMatchObject({ points: ['Inserire un numero di punti diverso da zero.'], reason: ['Campo obbligatorio.'] });

    const oldNumber = after.card_number;
    const reissued = AdminLoyaltyCardDetailResponseSchema.parse(
      (await call(pharmacist, 'POST', `/admin/loyalty-cards/${cardId}/reissue`, { reason: 'Carta smarrita' })).json(),
    ).data;
    expect(reissued.card_number).not.toBe(oldNumber);
    expect(reissued.card_number).toMatch(/^2\d{12}$/);
    expect(reissued.score).toBe(150);
    const cards = LoyaltyCardListResponseSchema.parse((await call(customer, 'GET', '/fidelityCard')).json()).data;
    expect(cards[0]).toMatchObject({ card_id: reissued.card_number, score: 150 });
    expect((await call(customer, 'GET', `/fidelityCard/${oldNumber}`)).statusCode).toBe(404);

    const trail = AuditListResponseSchema.parse((await call(admin, 'GET', `/admin/audit?shop_id=${shopId}&entity=loyalty_card`)).json()).data;
    expect(trail.map((e) => [e.action, e.reason])).toEqual([
      ['reissue', 'Carta smarrita'],
      ['adjust', 'Reclamo risolto'],
    ]);
  });

  it('lists the info requests newest first, opens one and marks it handled with a reply the customer receives', async () => {
    const inbox = AdminInfoRequestListResponseSchema.parse((await call(pharmacist, 'GET', '/admin/info-requests?status=new')).json());
    expect(inbox.new_count).toBe(1);
    expect(inbox.data[0]).toMatchObject({ id: requestId, status: 'new', note: 'Sono celiaca, è adatta?', shop_service_name: 'Consulenza nutrizionale' });
    expect(inbox.data[0]?.customer.name).toBe('Marta Cliente');
    const stored = await t.app.db.selectFrom('shop_service_requests').select('note').where('id', '=', requestId).executeTakeFirstOrThrow();
    expect(stored.note).not.toContain('celiaca');

    const outboxBefore = await t.app.db.selectFrom('outbox').select('id').execute();
    const handled = await call(pharmacist, 'POST', `/admin/info-requests/${requestId}/handle`, { reply: 'Sì, prepariamo un piano senza glutine.' });
    expect(handled.statusCode, handled.body).toBe(200);
    const done = AdminInfoRequestResponseSchema.parse(handled.json()).data;
    expect(done).toMatchObject({ status: 'handled', reply: 'Sì, prepariamo un piano senza glutine.', handled_by_name: pharmacist.user.name });
    const mails = await t.app.db
      .selectFrom('outbox')
      .select(['channel', 'recipient', 'subject', 'body_text'])
      .where('id', 'not in', outboxBefore.length ? outboxBefore.map((r) => r.id) : [0])
      .execute();
    expect(mails).toContainEqual(
      expect.objectContaining({ channel: 'email', recipient: customer.user.email, subject: 'Risposta alla tua richiesta su Consulenza nutrizionale' }),
    );

    const rest = AdminInfoRequestListResponseSchema.parse((await call(pharmacist, 'GET', '/admin/info-requests')).json());
    expect(rest.new_count).toBe(0);
    expect(rest.data.map((r) => r.status)).toEqual(['handled']);
    const long = await call(pharmacist, 'POST', `/admin/info-requests/${requestId}/handle`, { reply: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.reply).toEqual(['Massimo 2000 caratteri.']);
    const trail = AuditListResponseSchema.parse((await call(admin, 'GET', `/admin/audit?shop_id=${shopId}&entity=info_request`)).json()).data;
    expect(trail[0]?.after).toEqual({ status: 'handled', replied: true });
    expect(JSON.stringify(trail)).not.toContain('glutine');
  });
});
