import { fiscalCodeControlChar, LoyaltyCardListResponseSchema, ReferrerResponseSchema } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { CUSTOMER_PASSWORD, createCustomer, ensureShop, type TestCustomer } from '../../../test/factories/customers.js';
import { nowIso } from '../../db/column.js';
import { REFERRAL_REWARDS_PER_YEAR, rewardReferral } from './referrals.service.js';

describe(`invite a friend (${testEngine})`, () => {
  let t: TestApp;
  let shopId: number;
  let referrer: TestCustomer;

  beforeAll(async () => {
    t = await buildTestApp({ outboxWorker: false });
    shopId = await ensureShop(t.app);
    referrer = await createCustomer(t.app, { shopId });
    await t.app.db
      .insertInto('options')
      .values({ shop_id: shopId, key: 'referral_reward_points', value: '100', updated_at: nowIso() })
      .execute();
  });
  afterAll(() => t.close());

  const codeOf = async (c: TestCustomer) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/profile/referrer', headers: c.auth });
    expect(res.statusCode).toBe(200);
    return ReferrerResponseSchema.parse(res.json()).data.code;
  };
  const scoreOf = async (c: TestCustomer) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/fidelityCard', headers: c.auth });
    return LoyaltyCardListResponseSchema.parse(res.json()).data[0]?.score;
  };
  const signup = (n: number, referral?: string) => {
    const first15 = `VRDLGU9${n}A01F205`;
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: `Amico ${n}`,
        email: `amico${n}-${Date.now()}@example.it`,
        password: CUSTOMER_PASSWORD,
        password_confirmation: CUSTOMER_PASSWORD,
        codice_fiscale: first15 + fiscalCodeControlChar(first15),
        phone_number: `34${String(Date.now()).slice(-7)}${n}`,
        privacy: true,
        ...(referral ? { referral } : {}),
      },
    });
  };

  it('gives each user a stable, hard-to-guess code of their own', async () => {
    const code = await codeOf(referrer);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    expect(await codeOf(referrer)).toBe(code);
    expect(await codeOf(await createCustomer(t.app))).not.toBe(code);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/referrer' })).statusCode).toBe(401);
  });

  it('records the referrer at signup and rewards their loyalty card with the shop reward', async () => {
    expect(await scoreOf(referrer)).toBeUndefined();
    const code = await codeOf(referrer);
    const first = await signup(1, code.toLowerCase());
    expect(first.statusCode).toBe(201);
    expect(await scoreOf(referrer)).toBe(100);
    const friend = await t.app.db
      .selectFrom('users')
      .select('referred_by_user_id')
      .where('name', '=', 'Amico 1')
      .executeTakeFirstOrThrow();
    expect(friend.referred_by_user_id).toBe(referrer.id);

    expect((await signup(2, code)).statusCode).toBe(201);
    expect(await scoreOf(referrer)).toBe(200);
    // A signup without a code rewards nobody.
    expect((await signup(3)).statusCode).toBe(201);
    expect(await scoreOf(referrer)).toBe(200);
  });

  it('rewards a referred user only once', async () => {
    const friend = await createCustomer(t.app, { shopId, referredByUserId: referrer.id });
    const before = await scoreOf(referrer);
    expect((await rewardReferral(t.app.db, friend.id, shopId))?.awarded).toBe(100);
    expect((await rewardReferral(t.app.db, friend.id, shopId))?.awarded).toBe(0);
    expect(await scoreOf(referrer)).toBe((before ?? 0) + 100);
  });

  it('gives nothing where the shop configures no reward', async () => {
    const otherShop = await ensureShop(t.app, 'Farmacia Senza Premi');
    const inviter = await createCustomer(t.app, { shopId: otherShop });
    const friend = await createCustomer(t.app, { shopId: otherShop, referredByUserId: inviter.id });
    expect(await rewardReferral(t.app.db, friend.id, otherShop)).toBeUndefined();
    expect(await scoreOf(inviter)).toBeUndefined();
  });

  it(`caps the rewards at ${REFERRAL_REWARDS_PER_YEAR} a year per referrer`, async () => {
    const inviter = await createCustomer(t.app, { shopId });
    const friends: TestCustomer[] = [];
    for (let i = 0; i <= REFERRAL_REWARDS_PER_YEAR; i++) {
      friends.push(await createCustomer(t.app, { shopId, referredByUserId: inviter.id }));
    }
    const results = [];
    for (const f of friends) results.push(await rewardReferral(t.app.db, f.id, shopId));
    expect(results.filter((r) => r?.awarded === 100)).toHaveLength(REFERRAL_REWARDS_PER_YEAR);
    expect(results.at(-1)).toBeUndefined();
    expect(await scoreOf(inviter)).toBe(100 * REFERRAL_REWARDS_PER_YEAR);
  });
});
