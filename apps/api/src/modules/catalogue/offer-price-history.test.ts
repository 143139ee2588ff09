import { AdminProductResponseSchema, addDays, ApiErrorBodySchema, minsanCheckDigit, promotionDay } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { apiCaller } from '../../../test/factories/api-call.js';
import { type CreatedUser, createPharmacist, createShop } from '../../../test/factories/users.js';
import * as m0143 from '../../db/migrations/0143_offer_price_history.js';
import { writeProducts } from './catalogue-writer.js';
import { writtenDaysAgo } from './written-days-ago.js';

/**
 * Migration 0143's backfill (decision 0701): the offers as they are start the history, each from its
 * last write; then a campaign's progressive reductions, written on past days.
 */

const aic = (first8: string) => `${first8}${minsanCheckDigit(first8)}`;
const RUNNING = aic('73000001'); // on promotion before the upgrade, at a struck price typed then
const STEADY = aic('73000002'); // 12.00 € for 40 days
const TODAY = aic('73000003'); // listed today
const CAMPAIGN = aic('73000004'); // 20.00 €, then on promotion at 18.00 € for the last 5 days

describe(`the price history's start (${testEngine})`, () => {
  let t: TestApp;
  let shop: number;
  let pharmacist: CreatedUser;
  const call = apiCaller(() => t.app);

  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createShop(t.app, 'Farmacia Storico');
    pharmacist = await createPharmacist(t.app, shop);
    await writtenDaysAgo(40, () =>
      writeProducts(t.app.db, [
        { codice_ministeriale: RUNNING, nome_prodotto: 'STORICOL 10 CPR', price_cents: 1500, list_price_cents: 2500, promo: true },
        { codice_ministeriale: STEADY, nome_prodotto: 'STORICOL 20 CPR', price_cents: 1200 },
      ]),
    );
    await writeProducts(t.app.db, [{ codice_ministeriale: TODAY, nome_prodotto: 'STORICOL 30 CPR', price_cents: 900 }]);
    // The upgrade: no history before it, then 0143's.
    await m0143.down(t.app.db);
    await m0143.up(t.app.db);
  });
  afterAll(() => t.close());

  it('records every offer once, from its last write', async () => {
    const rows = await t.app.db.selectFrom('offer_price_history').select(['product_id', 'at']).execute();
    const offers = await t.app.db.selectFrom('product_offers').select(['product_id', 'updated_at']).execute();
    expect(rows.map((r) => [r.product_id, r.at]).sort()).toEqual(offers.map((o) => [o.product_id, o.updated_at]).sort());
  });

  it('lets a product sold unchanged before the upgrade go on promotion at once, at its price', async () => {
    const res = await call(pharmacist, 'PUT', `/admin/catalogue/products/${STEADY}/promotion`, { prezzo: 9.9 });
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminProductResponseSchema.parse(res.json()).data).toMatchObject({ prezzo: 9.9, prezzo_pieno: 12 });
    const fresh = await call(pharmacist, 'PUT', `/admin/catalogue/products/${TODAY}/promotion`, { prezzo: 5 });
    expect(ApiErrorBodySchema.parse(fresh.json()).errors?.prezzo?.[0]).toMatch(/^Il prodotto non risulta in vendita/);
  });

  it('keeps the struck price of a promotion running since before the upgrade through a deeper cut', async () => {
    const res = await call(pharmacist, 'PUT', `/admin/catalogue/products/${RUNNING}/promotion`, { prezzo: 14 });
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminProductResponseSchema.parse(res.json()).data).toMatchObject({ prezzo: 14, prezzo_pieno: 25 });
  });

  it('keeps the price before the first reduction through a deeper cut of a campaign running for days', async () => {
    const campaign = (price_cents: number, promo?: { start: string }) =>
      writeProducts(t.app.db, [
        {
          codice_ministeriale: CAMPAIGN,
          nome_prodotto: 'STORICOL GOCCE',
          price_cents,
          ...(promo ? { promo: true, list_price_cents: 2000, promo_start: promo.start, promo_end: null } : {}),
        },
      ]);
    await writtenDaysAgo(40, () => campaign(2000));
    await writtenDaysAgo(5, () => campaign(1800, { start: addDays(promotionDay(), -5) }));
    // On promotion at 18.00 € for 5 days: that price is in the 30 days before today, 20.00 € before the campaign.
    const res = await call(pharmacist, 'PUT', `/admin/catalogue/products/${CAMPAIGN}/promotion`, { prezzo: 15 });
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminProductResponseSchema.parse(res.json()).data).toMatchObject({ prezzo: 15, prezzo_pieno: 20 });
  });
});
