import { ApiErrorBodySchema, minsanCheckDigit, ProductLookupResponseSchema } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { importCatalogue, parseEan } from './catalogue-import.service.js';

/** A valid AIC from 8 digits. */
const aic = (first8: string) => `${first8}${minsanCheckDigit(first8)}`;

// EAN-13s with their check digit (4006381333931 is the standard worked example of the check digit).
const EAN_A = '8001120826619';
const EAN_B = '4006381333931';

let t: TestApp;

const lookup = (code: string) => t.app.inject({ url: `/api/product-codes/${encodeURIComponent(code)}` });

describe(`the catalogue's ean column and GET /api/product-codes/:code (${testEngine})`, () => {
  beforeAll(async () => {
    t = await buildTestApp();
    const file = [
      'codice_ministeriale;nome_prodotto;prezzo;ean',
      `${aic('04412345')};BRONCOLIN SCIROPPO 200 ML;8,90;${EAN_A}`,
      `${aic('04412346')};CREMA MANI 75 ML;4,50;${EAN_B.slice(0, 7)} ${EAN_B.slice(7)}`,
      `${aic('04412347')};CARDIOLEX 100 MG 30 CPR;3,50;`,
      `${aic('04412348')};CEROTTI 20 PZ;2,00;8001120826618`,
      `${aic('04412349')};GARZE 10 PZ;1,00;036000291452`,
    ].join('\n');
    const report = await importCatalogue(t.app.db, Buffer.from(`${file}\n`));
    expect(report).toMatchObject({ rows: 5, inserted: 4 });
    expect(report.rejected).toEqual([{ line: 5, codice_ministeriale: aic('04412348'), reasons: ['ean deve essere un EAN-13: 13 cifre con la cifra di controllo corretta.'] }]);
  });
  afterAll(() => t.close());

  it('answers the product code for an AIC and for an imported EAN-13 (spaces in the file, the zero a spreadsheet drops)', async () => {
    for (const [code, expected] of [
      [aic('04412347'), aic('04412347')],
      [EAN_A, aic('04412345')],
      [EAN_B, aic('04412346')],
      ['0036000291452', aic('04412349')],
    ] as const) {
      const res = await lookup(code);
      expect(res.statusCode, `${code}: ${res.body}`).toBe(200);
      expect(ProductLookupResponseSchema.parse(res.json())).toEqual({ codice_ministeriale: expected });
    }
  });

  it('answers 404 with an Italian message for a valid code no product has', async () => {
    for (const code of [aic('04499999'), '4006381333924']) {
      const res = await lookup(code);
      expect(res.statusCode, code).toBe(404);
      expect(ApiErrorBodySchema.parse(res.json())).toMatchObject({ code: 'PRODUCT_NOT_FOUND', message: 'Nessun prodotto del catalogo ha questo codice.' });
    }
  });

  it('refuses a code that fails its check digit with 422 on the field', async () => {
    for (const code of [`${aic('04412347').slice(0, 8)}${(minsanCheckDigit('04412347') + 1) % 10}`, '8001120826618', '12345', 'abc']) {
      const res = await lookup(code);
      expect(res.statusCode, code).toBe(422);
      expect(res.json().errors.code).toEqual(['Il codice deve essere un AIC di 9 cifre o un EAN-13 con la cifra di controllo corretta.']);
    }
  });

  it('clears the EAN when the column is left empty on a later import, keeps it when the column is absent', async () => {
    await importCatalogue(t.app.db, Buffer.from(`codice_ministeriale;nome_prodotto;prezzo\n${aic('04412345')};BRONCOLIN SCIROPPO 200 ML;8,90\n`));
    expect((await lookup(EAN_A)).statusCode).toBe(200);
    await importCatalogue(t.app.db, Buffer.from(`codice_ministeriale;nome_prodotto;prezzo;ean\n${aic('04412345')};BRONCOLIN SCIROPPO 200 ML;8,90;\n`));
    expect((await lookup(EAN_A)).statusCode).toBe(404);
  });
});

describe('parseEan', () => {
  it('reads what files write and refuses a wrong check digit', () => {
    expect(parseEan('')).toBeNull();
    expect(parseEan(' 8001120826619 ')).toBe('8001120826619');
    expect(parseEan('8001120826618')).toBeUndefined();
    expect(parseEan('80011208266')).toBeUndefined();
  });
});
