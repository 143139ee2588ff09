import { ministerialCodeParam, positiveIdParam } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productNamed, seedTestCatalogue } from '../src/modules/catalogue/test-catalogue.js';
import { buildTestApp, type TestApp, testEngine } from './build-test-app.js';
import { createBookableService, createCategoryFor } from './factories/bookings.js';
import { ensureShop } from './factories/customers.js';

/*
 * Decision 0500: the app's routes and the API refuse the same URL values, because both use the
 * contract's zod-free parsers (`positiveIdParam`, `ministerialCodeParam`).
 */
describe(`route params: one rule for the app and the API (${testEngine})`, () => {
  let t: TestApp;
  let serviceId: number;
  let productCode: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const shopId = await ensureShop(t.app, 'Farmacia Prima');
    const categoryId = await createCategoryFor(t.app, shopId, 'Prevenzione');
    ({ serviceId } = await createBookableService(t.app, { shopId, categoryId, name: 'Elettrocardiogramma' }));
    productCode = productNamed(await seedTestCatalogue(t.app), 'TACHIPIRINA 500 MG 20 CPR').codice_ministeriale;
  });
  afterAll(() => t.close());

  it('answers 422 for every id the app refuses, and the row for every id it reads', async () => {
    // Spellings a bare number coercion would read as the same id.
    const candidates = [
      String(serviceId),
      `00${serviceId}`,
      `${serviceId}e0`,
      `0x${serviceId.toString(16)}`,
      `${serviceId}.0`,
      `+${serviceId}`,
      `%20${serviceId}`,
      '0',
      '-1',
      'abc',
      '9007199254740992',
    ];
    for (const candidate of candidates) {
      const res = await t.app.inject({ url: `/api/services/${candidate}` });
      const id = positiveIdParam(decodeURIComponent(candidate));
      expect(res.statusCode, candidate).toBe(id === undefined ? 422 : 200);
      if (id !== undefined) expect(res.json().service.id).toBe(serviceId);
    }
  });

  it('answers 404 for every product code the app refuses, and the product for the codes it reads', async () => {
    const candidates = [productCode, `${productCode}0`, productCode.slice(1), `${productCode.slice(0, 8)}x`, 'abc', '1'];
    for (const candidate of candidates) {
      const res = await t.app.inject({ url: `/api/product/${candidate}` });
      expect(res.statusCode, candidate).toBe(ministerialCodeParam(candidate) === undefined ? 404 : 200);
    }
  });
});
