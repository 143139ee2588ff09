import { minsanCheckDigit } from '@farmacia/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { createShop } from '../../../test/factories/users.js';
import * as m0142 from '../../db/migrations/0142_product_medicine.js';
import { writeProducts } from './catalogue-writer.js';

const aic = (first8: string) => `${first8}${minsanCheckDigit(first8)}`;

/**
 * Migration 0142 (decision 0699): `products.medicine` added and backfilled from what is known —
 * homeopathics by their 8-code or the «Omeopatia» category, veterinary medicines by «Farmaci
 * veterinari» — and dropped again by its down.
 */
describe(`migration 0142: the medicine mark of products (${testEngine})`, () => {
  let t: TestApp;
  const codes = {
    homeoByCode: aic('80012345'),
    homeoByCategory: aic('04512345'),
    vet: aic('10212345'),
    sopOtc: aic('04412345'),
    cream: aic('90012345'),
    vetShampoo: aic('10212346'),
  };
  beforeAll(async () => {
    t = await buildTestApp();
    await createShop(t.app, 'Farmacia di Prova');
    const base = { price_cents: 900, stock: 3 };
    await writeProducts(t.app.db, [
      { ...base, codice_ministeriale: codes.homeoByCode, nome_prodotto: 'ARNICA 9CH', categorie: ['Naturale'] },
      { ...base, codice_ministeriale: codes.homeoByCategory, nome_prodotto: 'NUX VOMICA 5CH', categorie: ['Omeopatia', 'Granuli e globuli'] },
      { ...base, codice_ministeriale: codes.vet, nome_prodotto: 'VERMIFUGO CANI', categorie: ['Veterinaria', 'Farmaci veterinari'] },
      { ...base, codice_ministeriale: codes.sopOtc, nome_prodotto: 'IBUPROFENE 200 MG', sop_otc: true },
      { ...base, codice_ministeriale: codes.cream, nome_prodotto: 'CREMA MANI', categorie: ['Dermocosmesi'] },
      { ...base, codice_ministeriale: codes.vetShampoo, nome_prodotto: 'SHAMPOO CANI', categorie: ['Veterinaria', 'Cura e igiene animali'] },
    ]);
  });
  afterAll(() => t.close());

  const marked = async () =>
    (await t.app.db.selectFrom('products').select(['codice_ministeriale', 'medicine']).where('medicine', '=', 1).orderBy('codice_ministeriale').execute()).map(
      (r) => r.codice_ministeriale,
    );

  it('marks the homeopathic and veterinary medicines that have no prescription flag, and nothing else; down drops the column', async () => {
    await m0142.down(t.app.db);
    await expect(sql`select medicine from products`.execute(t.app.db)).rejects.toThrow();
    await m0142.up(t.app.db);
    expect(await marked()).toEqual([codes.homeoByCategory, codes.vet, codes.homeoByCode].sort());
  });
});
