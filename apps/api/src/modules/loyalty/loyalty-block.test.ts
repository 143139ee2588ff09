import {
  AdminLoyaltyCardDetailResponseSchema,
  AdminLoyaltyCardListResponseSchema,
  AuditListResponseSchema,
  LoyaltyCardListResponseSchema,
  LoyaltyCardResponseSchema,
} from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { bearer, type CreatedUser, createAdmin, createPharmacist, createShop, createUser } from '../../../test/factories/users.js';
import { awardOrderPoints, awardPoints } from './index.js';

/** Issue 19, decision 0531: a pharmacist blocks a lost card (it earns nothing, the app withdraws its barcode), re-issues it, unblocks it. */
describe(`loyalty cards: block, unblock, re-issue (${testEngine})`, () => {
  let t: TestApp;
  let shopId: number;
  let customer: CreatedUser;
  let pharmacist: CreatedUser;
  let otherPharmacist: CreatedUser;
  let admin: CreatedUser;
  let cardId: number;
  let orderId = 7000;

  const call = (who: CreatedUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(who.token), ...(payload ? { payload } : {}) });
  const detail = async (who: CreatedUser, url: string, payload: object = {}) => {
    const res = await call(who, 'POST', url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return AdminLoyaltyCardDetailResponseSchema.parse(res.json()).data;
  };
  const ownCard = async () => LoyaltyCardListResponseSchema.parse((await call(customer, 'GET', '/fidelityCard')).json()).data[0];
  /** A completed order of 20 € of goods: 20 points at the default rate. */
  const completeOrder = () =>
    awardOrderPoints(t.app.db, { id: ++orderId, user_id: customer.user.id, shop_id: shopId, status: 'completed', subtotal_cents: 2000, discount_cents: 0, medicine_cents: 0 });

  beforeAll(async () => {
    t = await buildTestApp();
    shopId = await createShop(t.app, 'Farmacia Blocchi');
    customer = await createUser(t.app, { shopId, name: 'Luca Smarrito' });
    pharmacist = await createPharmacist(t.app, shopId);
    otherPharmacist = await createPharmacist(t.app, await createShop(t.app, 'Farmacia Vicina'));
    admin = await createAdmin(t.app);
    await awardPoints(t.app.db, { userId: customer.user.id, shopId, points: 100, reason: 'order', reference: 'order:6999' });
    cardId = (await t.app.db.selectFrom('loyalty_cards').select('id').where('user_id', '=', customer.user.id).executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  it('staff of another shop get 404, a customer 403, a too long reason 422', async () => {
    for (const action of ['block', 'unblock']) {
      expect((await call(otherPharmacist, 'POST', `/admin/loyalty-cards/${cardId}/${action}`, {})).statusCode).toBe(404);
      expect((await call(customer, 'POST', `/admin/loyalty-cards/${cardId}/${action}`, {})).statusCode).toBe(403);
    }
    const long = await call(pharmacist, 'POST', `/admin/loyalty-cards/${cardId}/block`, { reason: 'x'.repeat(201) });
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.json().errors)).toEqual(['reason']);
  });

  it('a blocked card earns nothing and the app gets no barcode; unblocked it earns again', async () => {
    expect((await completeOrder())?.awarded).toBe(20);
    expect(await ownCard()).toMatchObject({ score: 120, blocked: false, barcode: expect.any(String) });

    const blocked = await detail(pharmacist, `/admin/loyalty-cards/${cardId}/block`, { reason: 'Carta smarrita' });
    expect(blocked).toMatchObject({ blocked_reason: 'Carta smarrita', score: 120 });
    expect(blocked.blocked_at).not.toBeNull();
    expect((await call(pharmacist, 'POST', `/admin/loyalty-cards/${cardId}/block`, {})).statusCode).toBe(409);

    const own = await ownCard();
    expect(own).toMatchObject({ score: 120, blocked: true, barcode: null });
    const byNumber = LoyaltyCardResponseSchema.parse((await call(customer, 'GET', `/fidelityCard/${own?.card_id}`)).json()).data;
    expect(byNumber).toMatchObject({ blocked: true, barcode: null });

    expect(await completeOrder()).toBeUndefined();
    expect((await awardPoints(t.app.db, { userId: customer.user.id, shopId, points: 50, reason: 'referral', reference: 'referral:1' })).awarded).toBe(0);
    expect((await ownCard())?.score).toBe(120);

    const unblocked = await detail(pharmacist, `/admin/loyalty-cards/${cardId}/unblock`);
    expect(unblocked).toMatchObject({ blocked_at: null, blocked_reason: null });
    expect((await call(pharmacist, 'POST', `/admin/loyalty-cards/${cardId}/unblock`, {})).statusCode).toBe(409);
    expect((await completeOrder())?.awarded).toBe(20);
    expect(await ownCard()).toMatchObject({ score: 140, blocked: false });
  });

  it('re-issue keeps the points, activates the new number and blocks the old one for good', async () => {
    const oldNumber = (await ownCard())?.card_id as string;
    await detail(pharmacist, `/admin/loyalty-cards/${cardId}/block`);
    const reissued = await detail(pharmacist, `/admin/loyalty-cards/${cardId}/reissue`, { reason: 'Carta smarrita' });
    expect(reissued).toMatchObject({ score: 140, blocked_at: null });
    expect(reissued.card_number).not.toBe(oldNumber);
    expect(reissued.previous_numbers.map((p) => p.card_number)).toEqual([oldNumber]);

    expect(await ownCard()).toMatchObject({ card_id: reissued.card_number, score: 140, blocked: false });
    expect((await call(customer, 'GET', `/fidelityCard/${oldNumber}`)).statusCode).toBe(404);
    // At the counter, the old number still leads to the card, which says that number is blocked.
    const found = AdminLoyaltyCardListResponseSchema.parse((await call(pharmacist, 'GET', `/admin/loyalty-cards?q=${oldNumber}`)).json()).data;
    expect(found.map((c) => c.id)).toEqual([cardId]);

    const trail = AuditListResponseSchema.parse((await call(admin, 'GET', `/admin/audit?shop_id=${shopId}&entity=loyalty_card`)).json()).data;
    expect(trail.map((e) => [e.action, e.reason])).toEqual([
      ['reissue', 'Carta smarrita'],
      ['block', null],
      ['unblock', null],
      ['block', 'Carta smarrita'],
    ]);
  });
});
