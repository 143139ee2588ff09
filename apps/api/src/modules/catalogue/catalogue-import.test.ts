import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { AdminProductResponseSchema, minsanCheckDigit, ProductSchema, SearchResponseSchema } from '@farmacia/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { bearer, createPharmacist, createShop } from '../../../test/factories/users.js';
import { AppError } from '../../errors.js';
import { importCatalogue, parseCode, parsePrice } from './catalogue-import.service.js';
import { decodeText, parseCsv } from './csv.js';
import { writtenDaysAgo } from './written-days-ago.js';

/** A valid code from 8 digits. */
const aic = (first8: string) => `${first8}${minsanCheckDigit(first8)}`;
/** The same 8 digits with a wrong check digit. */
const wrongAic = (first8: string) => `${first8}${(minsanCheckDigit(first8) + 1) % 10}`;

const HEADER =
  'codice_ministeriale;nome_prodotto;descrizione;descrizione_ditta_1_produttrice;descrizione_atc;descrizione_pricipio_attivo;categoria1;categoria2;prezzo;prezzo_pieno;quantita;prescription_only;sop_otc;promo';

const GOOD = [
  `${aic('04412345')};BRONCOLIN SCIROPPO 200 ML;"Sciroppo per la tosse; con miele";Zambon;R05CB01 - Acetilcisteina;acetilcisteina;Farmaci da banco;Tosse e raffreddore;8,90;;25;0;1;0`,
  `${aic('04412346')};CARDIOLEX 100 MG 30 CPR;;Menarini;B01AC06 - Acido acetilsalicilico;acido acetilsalicilico;Farmaci con ricetta;Cuore;3,50;;40;sì;no;0`,
  `${aic('90012345')};CREMA MANI KARITÈ 75 ML;Crema mani nutriente;Cosval;;;Dermocosmesi;Corpo;1.234,50;;0;0;0;0`,
];

const csv = (...lines: string[]) => Buffer.from(`${[HEADER, ...lines].join('\r\n')}\r\n`);

let t: TestApp;

async function product(code: string) {
  const res = await t.app.inject({ url: `/api/product/${code}` });
  expect(res.statusCode, res.body).toBe(200);
  return ProductSchema.parse(res.json());
}

describe(`catalogue import (${testEngine})`, () => {
  beforeEach(async () => {
    t = await buildTestApp();
    // The price list is a shop's offers (issue 18): an installation with one pharmacy.
    await createShop(t.app, 'Farmacia di Prova');
  });
  afterEach(() => t.close());

  it('inserts good rows with Italian prices, new categories and flags, and the search finds them', async () => {
    const report = await importCatalogue(t.app.db, csv(...GOOD));
    expect(report).toMatchObject({ rows: 3, inserted: 3, updated: 0, unchanged: 0, rejected: [], warnings: [] });

    const sciroppo = await product(aic('04412345'));
    expect(sciroppo).toMatchObject({
      nome_prodotto: 'BRONCOLIN SCIROPPO 200 ML',
      descrizione: 'Sciroppo per la tosse; con miele',
      prezzo: 8.9,
      quantita: 25,
      sop_otc: true,
      prescription_only: false,
      categoria1: 'Farmaci da banco',
      categoria2: 'Tosse e raffreddore',
      categoria2_slug: 'tosse-e-raffreddore',
    });
    expect(await product(aic('04412346'))).toMatchObject({ prescription_only: true, sop_otc: false, prezzo: 3.5 });
    expect(await product(aic('90012345'))).toMatchObject({ prezzo: 1234.5, prezzo_pieno: null, promo: false, quantita: 0 });

    const found = SearchResponseSchema.parse((await t.app.inject({ url: '/api/product/search?q=karite' })).json());
    expect(found.responses[0]?.hits.hits.map((h) => h._id)).toEqual([aic('90012345')]);
    const category = await t.app.inject({ url: '/api/product/category?cat1=farmaci-da-banco' });
    expect(category.json().categories).toEqual([expect.objectContaining({ slug: 'tosse-e-raffreddore', tot_prodotti: 1 })]);
  });

  it('reports every rejected row with its line and reasons, and imports the others', async () => {
    const lines = [
      GOOD[0] as string, // line 2
      `${wrongAic('04412347')};PRODOTTO A;;;;;;;5,00;;1;0;0;0`, // 3: check digit
      `${aic('04412348')};;;;;;;;5,00;;1;0;0;0`, // 4: no name
      `${aic('04412349')};PRODOTTO C;;;;;;;-5,00;;1;0;0;0`, // 5: negative price
      `${aic('04412350')};PRODOTTO D;;;;;;;5,00;;tre;0;0;0`, // 6: bad quantity
      `${aic('04412351')};PRODOTTO E;;;;;;;5,00;;1;forse;0;0`, // 7: bad flag
      `${aic('04412352')};PRODOTTO F;;;;;;Viso;5,00;;1;0;0;0`, // 8: level 2 without level 1
      `${aic('04412345')};DOPPIONE;;;;;;;5,00;;1;0;0;0`, // 9: same code as line 2
      `${aic('04412353')};PRODOTTO G;5,00`, // 10: wrong number of fields
      `ABC;PRODOTTO H;;;;;;;abc;;1;0;0;0`, // 11: bad code and bad price
      `${aic('04412354')};PRODOTTO I;;;;;;;5,00;4,00;1;0;0;0`, // 12: list price below the price
      '', // blank line: skipped, not a row
      GOOD[2] as string, // line 14
    ];
    const report = await importCatalogue(t.app.db, csv(...lines));
    expect(report.inserted).toBe(2);
    expect(report.rows).toBe(12);
    const byLine = Object.fromEntries(report.rejected.map((r) => [r.line, r.reasons]));
    expect(Object.keys(byLine).map(Number)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(byLine[3]).toEqual([`codice_ministeriale: cifra di controllo errata (attesa ${minsanCheckDigit('04412347')}).`]);
    expect(byLine[4]).toEqual(['nome_prodotto mancante.']);
    expect(byLine[5]).toEqual(['prezzo negativo.']);
    expect(byLine[6]).toEqual(['quantita deve essere un numero intero maggiore o uguale a 0.']);
    expect(byLine[7]).toEqual(['prescription_only deve essere 1 o 0 (sì o no).']);
    expect(byLine[8]).toEqual(['categoria2 indicata senza la categoria del livello precedente.']);
    expect(byLine[9]).toEqual(['codice_ministeriale già presente alla riga 2.']);
    expect(byLine[10]).toEqual(['Numero di campi errato: attesi 14, trovati 3.']);
    expect(byLine[11]).toEqual(['codice_ministeriale deve contenere 9 cifre.', 'prezzo non valido: usare ad esempio 12,50.']);
    expect(byLine[12]).toEqual(['prezzo_pieno non valido o inferiore al prezzo.']);
    expect(report.rejected.find((r) => r.line === 9)?.codice_ministeriale).toBe(aic('04412345'));
    const missing = await t.app.inject({ url: `/api/product/${aic('04412349')}` });
    expect(missing.statusCode).toBe(404);
  });

  it('changes nothing when the same file is imported again, and updates only what changed', async () => {
    const file = csv(...GOOD);
    await importCatalogue(t.app.db, file);
    expect(await importCatalogue(t.app.db, file)).toMatchObject({ inserted: 0, updated: 0, unchanged: 3, rejected: [] });

    const cheaper = csv(GOOD[0] as string, (GOOD[1] as string).replace(';3,50;', ';3,20;'), GOOD[2] as string);
    expect(await importCatalogue(t.app.db, cheaper)).toMatchObject({ inserted: 0, updated: 1, unchanged: 2 });
    expect((await product(aic('04412346'))).prezzo).toBe(3.2);
  });

  it("strikes a promotion's row through at the law's prior price, and rejects a row that would announce another (decision 0701)", async () => {
    const KARITE = aic('90012345');
    const row = (price: string, listPrice: string, promo: 0 | 1) =>
      `${KARITE};CREMA MANI KARITÈ 75 ML;Crema mani nutriente;Cosval;;;Dermocosmesi;Corpo;${price};${listPrice};5;0;0;${promo}`;
    const fresh = `${aic('90012346')};CREMA PIEDI 75 ML;;Cosval;;;Dermocosmesi;Corpo;9,00;;5;0;0;1`;
    // Sold at 15.00 € from 40 days ago, at 18.00 € from 10 days ago.
    await writtenDaysAgo(40, () => importCatalogue(t.app.db, csv(row('15,00', '', 0))));
    await writtenDaysAgo(10, () => importCatalogue(t.app.db, csv(row('18,00', '', 0))));

    // The price before the promotion (18.00 €) is not the lowest of the 30 days; a new product was never sold before.
    const refused = await importCatalogue(t.app.db, csv(row('12,00', '18,00', 1), fresh));
    expect(refused.rejected).toEqual([
      {
        line: 2,
        codice_ministeriale: KARITE,
        reasons: [
          'prezzo_pieno 18,00\u00a0€: per legge il prezzo barrato è il più basso applicato nei 30 giorni prima della promozione, 15,00\u00a0€; lasciare vuota la cella o scrivere 15,00\u00a0€.',
        ],
      },
      { line: 3, codice_ministeriale: aic('90012346'), reasons: [expect.stringMatching(/^promo 1 su un prodotto non in vendita in questa farmacia prima del/)] },
    ]);
    expect(await product(KARITE)).toMatchObject({ prezzo: 18, promo: false });
    expect((await t.app.inject({ url: `/api/product/${aic('90012346')}` })).statusCode).toBe(404);

    // Left empty, the struck price is the law's; written as it, the row is taken.
    expect(await importCatalogue(t.app.db, csv(row('12,00', '', 1)))).toMatchObject({ updated: 1, rejected: [] });
    expect(await product(KARITE)).toMatchObject({ prezzo: 12, prezzo_pieno: 15, promo: true });
    expect(await importCatalogue(t.app.db, csv(row('12,00', '15,00', 1)))).toMatchObject({ unchanged: 1, rejected: [] });
    // A promotion price not below the prior one announces no reduction.
    const notBelow = await importCatalogue(t.app.db, csv(row('15,00', '', 1)));
    expect(notBelow.rejected[0]?.reasons).toEqual(['prezzo 15,00\u00a0€: non è inferiore al prezzo più basso applicato nei 30 giorni prima della promozione (15,00\u00a0€).']);
  });

  it('leaves fields alone whose column is not in the file', async () => {
    await importCatalogue(t.app.db, csv(...GOOD));
    const onlyPrices = Buffer.from(`codice_ministeriale;nome_prodotto;prezzo\n${aic('04412345')};BRONCOLIN SCIROPPO 200 ML;9,10\n`);
    expect(await importCatalogue(t.app.db, onlyPrices)).toMatchObject({ updated: 1 });
    expect(await product(aic('04412345'))).toMatchObject({ prezzo: 9.1, quantita: 25, categoria2: 'Tosse e raffreddore' });
  });

  it('reads the medicine mark of a homeopathic or veterinary medicine, keeps it when the column is left out, and rejects a bad value (decision 0699)', async () => {
    const shopId = (await t.app.db.selectFrom('shops').select('id').executeTakeFirstOrThrow()).id;
    const pharmacist = await createPharmacist(t.app, shopId);
    const medicine = async (code: string) => {
      const res = await t.app.inject({ url: `/api/admin/catalogue/products/${code}`, headers: bearer(pharmacist.token) });
      expect(res.statusCode, res.body).toBe(200);
      return AdminProductResponseSchema.parse(res.json()).data.medicine;
    };
    const homeo = aic('80012345');
    const vet = aic('10312345');
    const cream = aic('90012346');
    const file = Buffer.from(
      [
        'codice_ministeriale;nome_prodotto;prezzo;prescription_only;sop_otc;medicine',
        `${homeo};ARNICA MONTANA 9CH GRANULI 4 G;7,90;0;0;1`,
        `${vet};VERMIFUGO CANI 2 CPR;9,50;no;no;sì`,
        `${cream};CREMA MANI 75 ML;4,00;0;0;`,
        `${aic('80012346')};NUX VOMICA 5CH GRANULI 4 G;7,90;0;0;forse`,
      ].join('\n'),
    );
    const report = await importCatalogue(t.app.db, file);
    expect(report).toMatchObject({ inserted: 3, rejected: [{ line: 5, reasons: ['medicine deve essere 1 o 0 (sì o no).'] }] });
    expect([await medicine(homeo), await medicine(vet), await medicine(cream)]).toEqual([true, true, false]);

    // A price list without the column keeps the mark; one with it, empty, clears it.
    await importCatalogue(t.app.db, Buffer.from(`codice_ministeriale;nome_prodotto;prezzo\n${homeo};ARNICA MONTANA 9CH GRANULI 4 G;8,10\n`));
    expect(await medicine(homeo)).toBe(true);
    await importCatalogue(t.app.db, Buffer.from(`codice_ministeriale;nome_prodotto;prezzo;medicine\n${homeo};ARNICA MONTANA 9CH GRANULI 4 G;8,10;\n`));
    expect(await medicine(homeo)).toBe(false);
  });

  it('refuses a file without the required columns, or not separated by semicolons', async () => {
    await expect(importCatalogue(t.app.db, Buffer.from('codice_ministeriale;prezzo\n012745093;1,00\n'))).rejects.toThrow(
      'Colonne obbligatorie mancanti: nome_prodotto.',
    );
    await expect(importCatalogue(t.app.db, Buffer.from('codice_ministeriale,nome_prodotto,prezzo\n'))).rejects.toBeInstanceOf(AppError);
    await expect(importCatalogue(t.app.db, Buffer.from(''))).rejects.toThrow('Il file è vuoto.');
  });

  it('warns about unknown columns and reads a Windows-1252 file from Excel', async () => {
    const latin = Buffer.from(
      `codice_ministeriale;nome_prodotto;prezzo;colore\n${aic('90012399')};CREMA KARIT\xc8 50 ML;4,90;rosso\n`,
      'latin1',
    );
    const report = await importCatalogue(t.app.db, latin);
    expect(report.warnings).toEqual(['Colonne sconosciute ignorate: colore.']);
    expect((await product(aic('90012399'))).nome_prodotto).toBe('CREMA KARITÈ 50 ML');
  });

  it('runs from the command line on the configured database', async () => {
    const file = path.join(t.config.dataDir, 'listino.csv');
    writeFileSync(file, csv(GOOD[0] as string, `${wrongAic('04412347')};PRODOTTO A;;;;;;;5,00;;1;0;0;0`));
    // The same database as the app under test: its PostgreSQL URL, or its SQLite file.
    const env = { ...process.env, DATA_DIR: t.config.dataDir, DATABASE_URL: t.config.databaseUrl, LOG_LEVEL: 'silent' };
    const cli = path.resolve(import.meta.dirname, '../../cli/catalogue-import.ts');
    const run = spawnSync(process.execPath, ['--import', 'tsx', cli, file], { env, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(3);
    expect(run.stdout).toContain('Inseriti: 1');
    expect(run.stdout).toContain('Scartati: 1');
    expect(run.stdout).toContain('Riga 3');
    expect((await product(aic('04412345'))).nome_prodotto).toBe('BRONCOLIN SCIROPPO 200 ML');
    const again = spawnSync(process.execPath, ['--import', 'tsx', cli, file, '--json'], { env, encoding: 'utf8' });
    expect(JSON.parse(again.stdout)).toMatchObject({ inserted: 0, unchanged: 1 });
    // Two cold node+tsx processes: ~2 s each on an idle machine, 20-29 s under a shared machine's load.
  }, 90_000);
});

describe('import parsing', () => {
  it('reads Italian and plain prices to the cent', () => {
    expect(parsePrice('12,50')).toEqual({ cents: 1250 });
    expect(parsePrice('12,5')).toEqual({ cents: 1250 });
    expect(parsePrice('€ 1.234,56')).toEqual({ cents: 123456 });
    expect(parsePrice('12.50')).toEqual({ cents: 1250 });
    expect(parsePrice('7')).toEqual({ cents: 700 });
    expect(parsePrice('0,99')).toEqual({ cents: 99 });
    expect(parsePrice('12,345')).toEqual({ problem: 'prezzo non valido: usare ad esempio 12,50.' });
    expect(parsePrice('1,234.56')).toEqual({ problem: 'prezzo non valido: usare ad esempio 12,50.' });
    expect(parsePrice('')).toEqual({ problem: 'prezzo mancante.' });
    expect(parsePrice('100000,00')).toEqual({ problem: 'prezzo troppo alto (massimo 99.999,99 €).' });
  });

  it('puts back the leading zeros a spreadsheet drops and the A of the pack', () => {
    expect(parseCode('12745093')).toEqual({ code: '012745093' });
    expect(parseCode('A012745093')).toEqual({ code: '012745093' });
    expect(parseCode(' 012 745 093 ')).toEqual({ code: '012745093' });
    expect(parseCode('012745094')).toEqual({ problem: 'codice_ministeriale: cifra di controllo errata (attesa 3).' });
    expect(parseCode('12345')).toEqual({ problem: 'codice_ministeriale deve contenere 9 cifre.' });
  });

  it('parses quoted fields with separators, quotes and line breaks, keeping the starting line', () => {
    const records = parseCsv('a;b\r\n"x;1";"he said ""hi"""\n"multi\nline";z\nlast;"open');
    expect(records.map((r) => [r.line, r.fields, r.unterminated])).toEqual([
      [1, ['a', 'b'], false],
      [2, ['x;1', 'he said "hi"'], false],
      [3, ['multi\nline', 'z'], false],
      [5, ['last', 'open'], true],
    ]);
  });

  it('drops a UTF-8 byte order mark', () => {
    expect(decodeText(Buffer.from('\ufeffcodice', 'utf8'))).toBe('codice');
  });
});
