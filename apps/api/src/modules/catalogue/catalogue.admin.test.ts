import {
  addDays,
  AdminProductResponseSchema,
  ApiErrorBodySchema,
  AuditListResponseSchema,
  CATALOGUE_UPLOAD_MAX_BYTES,
  type CatalogueImportJob,
  CatalogueImportJobResponseSchema,
  fillMessage,
  messages,
  minsanCheckDigit,
  ProductSchema,
  promotionDay,
  PromotionsResponseSchema,
  SearchResponseSchema,
} from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { apiCaller } from '../../../test/factories/api-call.js';
import { bearer, type CreatedUser, createAdmin, createPharmacist, createShop, createUser } from '../../../test/factories/users.js';
import { IMPORT_BATCH_ROWS } from './catalogue.admin.service.js';
import { writeProducts } from './catalogue-writer.js';
import { writtenDaysAgo } from './written-days-ago.js';

/** A valid ministerial code from 8 digits. */
const aic = (first8: string) => `${first8}${minsanCheckDigit(first8)}`;

const HEADER = 'codice_ministeriale;nome_prodotto;descrizione;categoria1;categoria2;prezzo;prezzo_pieno;quantita;promo';
/** Rows enough for three batches, one of them (line 4) with a bad check digit. */
const ROWS = IMPORT_BATCH_ROWS * 2 + 100;
const BAD_LINE = 4;
const goodCode = (i: number) => aic(`7${String(i).padStart(7, '0')}`);
const lines = Array.from({ length: ROWS }, (_, i) => {
  const code = i + 2 === BAD_LINE ? `7${String(i).padStart(7, '0')}${(minsanCheckDigit(`7${String(i).padStart(7, '0')}`) + 1) % 10}` : goodCode(i);
  return `${code};ZENTROLAX ${i} MG 20 CPR;Compresse numero ${i};Integratori;Vitamine;${(i % 90) + 1},50;;${i % 7};0`;
});
const FILE = Buffer.from(`${[HEADER, ...lines].join('\r\n')}\r\n`);

describe(`back office: catalogue upload, product edit and promotions (${testEngine})`, () => {
  let t: TestApp;
  let pharmacist: CreatedUser;
  let otherPharmacist: CreatedUser;
  let customer: CreatedUser;
  let admin: CreatedUser;
  let job: CatalogueImportJob;
  let shop: number;

  const call = apiCaller(() => t.app);
  const upload = (who: CreatedUser | null, body: Buffer, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/catalogue/imports?name=listino.csv',
      headers: { 'content-type': 'text/csv', ...(who ? bearer(who.token) : {}), ...headers },
      payload: body,
    });
  const waitFor = async (who: CreatedUser, id: number): Promise<CatalogueImportJob[]> => {
    const seen: CatalogueImportJob[] = [];
    for (let i = 0; i < 600; i++) {
      const res = await call(who, 'GET', `/admin/catalogue/imports/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      const current = CatalogueImportJobResponseSchema.parse(res.json()).data;
      seen.push(current);
      if (current.status !== 'running') return seen;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('import did not finish');
  };

  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createShop(t.app, 'Farmacia Catalogo');
    pharmacist = await createPharmacist(t.app, shop);
    otherPharmacist = await createPharmacist(t.app, await createShop(t.app, 'Farmacia Altra'));
    customer = await createUser(t.app, { shopId: shop });
    admin = await createAdmin(t.app);
  });
  afterAll(() => t.close());

  it('refuses the upload to a customer (403) and to no token (401), before reading the file', async () => {
    expect((await upload(customer, FILE)).statusCode).toBe(403);
    expect((await upload(null, FILE)).statusCode).toBe(401);
    expect((await call(customer, 'GET', '/admin/catalogue/imports/1')).statusCode).toBe(403);
    expect((await call(customer, 'GET', `/admin/catalogue/products/${goodCode(1)}`)).statusCode).toBe(403);
    expect((await call(customer, 'PUT', `/admin/catalogue/products/${goodCode(1)}`, { prezzo: 1 })).statusCode).toBe(403);
  });

  it('imports the file in batches with progress, then reports the bad line and the counts', async () => {
    const res = await upload(pharmacist, FILE);
    expect(res.statusCode, res.body).toBe(202);
    job = CatalogueImportJobResponseSchema.parse(res.json()).data;
    expect(job).toMatchObject({ file_name: 'listino.csv', total_rows: ROWS, report: null });
    const seen = await waitFor(pharmacist, job.id);
    const done = seen.at(-1) as CatalogueImportJob;
    expect(done.status).toBe('done');
    expect(done.processed_rows).toBe(ROWS);
    // Progress only ever moves forward.
    const progress = seen.map((s) => s.processed_rows);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(done.report).toMatchObject({ rows: ROWS, inserted: ROWS - 1, updated: 0, unchanged: 0, warnings: [] });
    expect(done.report?.rejected).toHaveLength(1);
    expect(done.report?.rejected[0]?.line).toBe(BAD_LINE);
    expect(done.report?.rejected[0]?.reasons.join(' ')).toMatch(/cifra di controllo/);

    // The products are served and searchable, and the category totals counted every batch.
    const product = ProductSchema.parse((await call(null, 'GET', `/product/${goodCode(ROWS - 1)}`)).json());
    expect(product).toMatchObject({ nome_prodotto: `ZENTROLAX ${ROWS - 1} MG 20 CPR`, categoria2: 'Vitamine' });
    const found = SearchResponseSchema.parse((await call(null, 'GET', '/product/search?q=zentrolax%20777')).json());
    expect(found.responses[0]?.hits.hits[0]?._source.codice_ministeriale).toBe(goodCode(777));
    const category = await t.app.db.selectFrom('categories').select('tot_prodotti').where('path', '=', 'integratori/vitamine').executeTakeFirstOrThrow();
    expect(Number(category.tot_prodotti)).toBe(ROWS - 1);
  });

  it('reports every row unchanged when the same file is uploaded again, and records both uploads', async () => {
    const again = CatalogueImportJobResponseSchema.parse((await upload(pharmacist, FILE)).json()).data;
    const done = (await waitFor(pharmacist, again.id)).at(-1);
    expect(done?.report).toMatchObject({ inserted: 0, updated: 0, unchanged: ROWS - 1 });
    const audit = AuditListResponseSchema.parse((await call(admin, 'GET', '/admin/audit?entity=catalogue&rpp=10')).json()).data;
    expect(audit.filter((a) => a.action === 'import').map((a) => a.entity_id)).toEqual([String(again.id), String(job.id)]);
    expect(audit.find((a) => a.action === 'import-done' && a.entity_id === String(job.id))?.after).toMatchObject({ inserted: ROWS - 1 });
  });

  it('reports an import whose server stopped (no progress for minutes) as failed', async () => {
    const now = new Date().toISOString();
    const stale = new Date(Date.now() - 10 * 60 * 1000).toISOString();
    const row = await t.app.db
      .insertInto('catalogue_import_jobs')
      .values({ shop_id: pharmacist.user.shop_id, user_id: pharmacist.user.id, file_name: 'vecchio.csv', status: 'running', total_rows: 10, processed_rows: 4, report: null, error: null, created_at: stale, updated_at: stale, finished_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = CatalogueImportJobResponseSchema.parse((await call(pharmacist, 'GET', `/admin/catalogue/imports/${row.id}`)).json()).data;
    expect(res).toMatchObject({ status: 'failed', processed_rows: 4, error: "L'importazione si è interrotta: caricare di nuovo il file." });
    expect(res.finished_at && res.finished_at >= now).toBe(true);
  });

  it("hides a shop's import from another shop's pharmacist (404)", async () => {
    const res = await call(otherPharmacist, 'GET', `/admin/catalogue/imports/${job.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('listino.csv');
    expect((await call(pharmacist, 'GET', '/admin/catalogue/imports/999999')).statusCode).toBe(404);
  });

  it('refuses a file that cannot be imported (422), a JSON body (422) and an oversize file (413) in Italian', async () => {
    const noPrice = await upload(pharmacist, Buffer.from('codice_ministeriale;nome_prodotto\n012745093;TACHIPIRINA\n'));
    expect(noPrice.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(noPrice.json()).errors?.file?.[0]).toMatch(/Colonne obbligatorie mancanti: prezzo/);
    const json = await call(pharmacist, 'POST', '/admin/catalogue/imports', {});
    expect(json.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(json.json()).errors?.file?.[0]).toMatch(/Scegliere il file del catalogo/);
    const big = await upload(pharmacist, Buffer.from(HEADER), { 'content-length': String(CATALOGUE_UPLOAD_MAX_BYTES + 1) });
    expect(big.statusCode).toBe(413);
    expect(ApiErrorBodySchema.parse(big.json()).message).toBe('Il file del catalogo supera il limite di 64 MB.');
  });

  it('rejects the rows whose text holds a control character or, in a one-line column, a line break, and imports the others (decision 0669)', async () => {
    const header = 'codice_ministeriale;nome_prodotto;descrizione;descrizione_ditta_1_produttrice;categoria1;prezzo;immagine';
    const code = (i: number) => aic(`6${String(i).padStart(7, '0')}`);
    // NUL made PostgreSQL refuse the whole batch (the job failed); SQLite stored it and the others.
    const rows = [
      `${code(1)};Prod\u0000otto;;;;1,00;`,
      `${code(2)};Prodotto;de\u0000sc;;;1,00;`,
      `${code(3)};Prodotto;;Dit\u0085ta;;1,00;`,
      `${code(4)};Prodotto;;;Ca\u0007t;1,00;`,
      `${code(5)};Prodotto;;;;1,00;foto\u001b.png`,
      `${code(6)};"Pro\ndotto";;;;1,00;`,
      `${code(7)};Prodotto a capo;"riga 1\nriga 2";;;1,00;`,
    ];
    const res = await upload(pharmacist, Buffer.from(`${[header, ...rows].join('\r\n')}\r\n`));
    expect(res.statusCode, res.body).toBe(202);
    const done = (await waitFor(pharmacist, CatalogueImportJobResponseSchema.parse(res.json()).data.id)).at(-1);
    expect(done?.status).toBe('done');
    expect(done?.report).toMatchObject({ rows: 7, inserted: 1 });
    const invalid = (field: string) => fillMessage(messages.catalogueImport.invalidCharacters, { field });
    expect(done?.report?.rejected.map((r) => [r.line, r.reasons])).toEqual([
      [2, [invalid('nome_prodotto')]],
      [3, [invalid('descrizione')]],
      [4, [invalid('descrizione_ditta_1_produttrice')]],
      [5, [invalid('categoria1')]],
      [6, [invalid('immagine')]],
      [7, [fillMessage(messages.catalogueImport.singleLine, { field: 'nome_prodotto' })]],
    ]);
    // The multi-line description keeps its line break; no other row reached the database.
    expect(ProductSchema.parse((await call(null, 'GET', `/product/${code(7)}`)).json()).descrizione).toBe('riga 1\nriga 2');
    for (const i of [1, 2, 3, 4, 5, 6]) expect((await call(null, 'GET', `/product/${code(i)}`)).statusCode).toBe(404);
  });

  it("reads a product once to answer the back office's GET (the 404 check's read is the answer)", async () => {
    const code = goodCode(11);
    // Kysely's builders run through the database's executor (its own executeQuery is for raw queries).
    const spy = vi.spyOn(t.app.db.getExecutor(), 'executeQuery');
    try {
      const res = await call(pharmacist, 'GET', `/admin/catalogue/products/${code}`);
      expect(AdminProductResponseSchema.parse(res.json()).data.codice_ministeriale).toBe(code);
      // The statements that look the product up by its code.
      expect(spy.mock.calls.filter(([query]) => (query as { parameters?: readonly unknown[] }).parameters?.includes(code))).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('edits one product: the app shows it, the search follows, the audit has before and after', async () => {
    const code = goodCode(10);
    const before = AdminProductResponseSchema.parse((await call(pharmacist, 'GET', `/admin/catalogue/products/${code}`)).json()).data;
    expect(before).toMatchObject({ nome_prodotto: 'ZENTROLAX 10 MG 20 CPR', prezzo: 11.5, categorie: ['Integratori', 'Vitamine'] });
    const res = await call(pharmacist, 'PUT', `/admin/catalogue/products/${code}`, {
      nome_prodotto: 'QUORVELINA 10 MG 20 CPR',
      prezzo: 12.9,
      quantita: 0,
      descrizione: '  ',
      descrizione_pricipio_attivo: 'magnesio',
      categorie: ['Integratori', 'Minerali'],
      sop_otc: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminProductResponseSchema.parse(res.json()).data).toMatchObject({
      nome_prodotto: 'QUORVELINA 10 MG 20 CPR',
      prezzo: 12.9,
      quantita: 0,
      descrizione: null,
      categorie: ['Integratori', 'Minerali'],
      sop_otc: true,
    });
    const shown = ProductSchema.parse((await call(null, 'GET', `/product/${code}`)).json());
    expect(shown).toMatchObject({ nome_prodotto: 'QUORVELINA 10 MG 20 CPR', prezzo: 12.9, quantita: 0, categoria2: 'Minerali', descrizione: null });
    const found = SearchResponseSchema.parse((await call(null, 'GET', '/product/search?q=quorvelina')).json());
    expect(found.responses[0]?.hits.hits.map((h) => h._id)).toEqual([code]);
    const byPrinciple = SearchResponseSchema.parse((await call(null, 'GET', '/product/search?q=magnesio')).json());
    expect(byPrinciple.responses[0]?.hits.hits.map((h) => h._id)).toContain(code);
    const audit = AuditListResponseSchema.parse((await call(admin, 'GET', '/admin/audit?entity=product')).json()).data[0];
    expect(audit).toMatchObject({ action: 'update', entity_id: code, user_id: pharmacist.user.id });
    expect(audit?.before).toMatchObject({ prezzo: 11.5, nome_prodotto: 'ZENTROLAX 10 MG 20 CPR' });
    expect(audit?.after).toMatchObject({ prezzo: 12.9 });
  });

  it('validates the edit (422 in Italian) and answers 404 for an unknown code, whatever the body', async () => {
    const code = goodCode(11);
    const bad = await call(pharmacist, 'PUT', `/admin/catalogue/products/${code}`, { prezzo: -1, quantita: 1.5, nome_prodotto: ' ', categorie: ['a', 'b', 'c', 'd', 'e'] });
    expect(bad.statusCode).toBe(422);
    const errors = ApiErrorBodySchema.parse(bad.json()).errors ?? {};
    expect(errors.prezzo?.[0]).toBe('Inserire un prezzo valido in euro (massimo 2 decimali).');
    expect(errors.quantita?.[0]).toBe('Inserire un numero intero.');
    expect(errors.nome_prodotto?.[0]).toBe('Campo obbligatorio.');
    expect(errors.categorie?.[0]).toMatch(/categorie/);
    expect((await call(pharmacist, 'PUT', `/admin/catalogue/products/${code}`, { prezzo: 1.234 })).statusCode).toBe(422);
    for (const unknown of [aic('79999999'), '12345', 'abc']) {
      expect((await call(pharmacist, 'GET', `/admin/catalogue/products/${unknown}`)).statusCode).toBe(404);
      expect((await call(pharmacist, 'PUT', `/admin/catalogue/products/${unknown}`, { prezzo: -5 })).statusCode).toBe(404);
    }
  });

  it('marks a product a medicine without prescription flags (homeopathic, veterinary) and back; a value not true or false is 422 in Italian (decision 0699)', async () => {
    const code = goodCode(12);
    const put = (body: object) => call(pharmacist, 'PUT', `/admin/catalogue/products/${code}`, body);
    const marked = await put({ medicine: true });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(AdminProductResponseSchema.parse(marked.json()).data).toMatchObject({ medicine: true, prescription_only: false, sop_otc: false });
    const bad = await put({ medicine: 'sì' });
    expect(bad.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(bad.json()).errors).toEqual({ medicine: [messages.validation.boolean] });
    expect(AdminProductResponseSchema.parse((await put({ medicine: false })).json()).data.medicine).toBe(false);
  });

  it('puts a product on promotion and ends it: GET /product/promotions follows', async () => {
    // Sold at 21.50 € for 40 days, raised to 24.90 € 10 days ago: the law's struck price is 21.50 € (decision 0701).
    const code = aic('72000001');
    const listed = (price_cents: number) => writeProducts(t.app.db, [{ codice_ministeriale: code, nome_prodotto: 'PROMOLAX 20 CPR', price_cents }], { shopIds: [shop] });
    await writtenDaysAgo(40, () => listed(2150));
    await writtenDaysAgo(10, () => listed(2490));
    const promotions = async () => PromotionsResponseSchema.parse((await call(null, 'GET', '/product/promotions')).json()).result;
    expect(await promotions()).toEqual([]);
    const below = await call(pharmacist, 'PUT', `/admin/catalogue/products/${code}/promotion`, { prezzo: 9, prezzo_pieno: 8 });
    expect(below.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(below.json()).errors?.prezzo_pieno?.[0]).toBe('Il prezzo pieno deve essere superiore al prezzo in promozione.');
    // The struck price typed as the price before the promotion, higher than the lowest of the 30 days: refused, naming it.
    const typed = await call(pharmacist, 'PUT', `/admin/catalogue/products/${code}/promotion`, { prezzo: 15.9, prezzo_pieno: 24.9 });
    expect(typed.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(typed.json()).errors?.prezzo_pieno?.[0]).toBe(
      'Il prezzo pieno di una promozione è per legge il prezzo più basso applicato nei 30 giorni prima: 21,50\u00a0€. Lasciarlo vuoto o indicare 21,50\u00a0€.',
    );
    const notBelow = await call(pharmacist, 'PUT', `/admin/catalogue/products/${code}/promotion`, { prezzo: 22 });
    expect(ApiErrorBodySchema.parse(notBelow.json()).errors?.prezzo?.[0]).toMatch(/^Il prezzo più basso applicato nei 30 giorni prima della promozione è 21,50/);

    // Scheduled for tomorrow it would sell at the struck 21.50 € until then instead of today's 24.90 €: refused, not done.
    const tomorrow = addDays(promotionDay(), 1);
    const scheduled = await call(pharmacist, 'PUT', `/admin/catalogue/products/${code}/promotion`, { prezzo: 15.9, promo_inizio: tomorrow });
    expect(ApiErrorBodySchema.parse(scheduled.json()).errors?.promo_inizio?.[0]).toMatch(/^Fino al suo inizio una promozione programmata fa vendere il prodotto al prezzo barrato, 21,50.€, invece di 24,90.€ come oggi/);

    const on = await call(pharmacist, 'PUT', `/admin/catalogue/products/${code}/promotion`, { prezzo: 15.9 });
    expect(on.statusCode, on.body).toBe(200);
    expect(AdminProductResponseSchema.parse(on.json()).data).toMatchObject({ promo: true, prezzo: 15.9, prezzo_pieno: 21.5 });
    expect((await promotions()).map((p) => [p.codice_ministeriale, p.prezzo, p.prezzo_pieno])).toEqual([[code, 15.9, 21.5]]);
    // A deeper cut in the same campaign keeps the struck price of the first one (the promotion is in the window now).
    const deeper = await call(pharmacist, 'PUT', `/admin/catalogue/products/${code}/promotion`, { prezzo: 12.9 });
    expect(AdminProductResponseSchema.parse(deeper.json()).data).toMatchObject({ prezzo: 12.9, prezzo_pieno: 21.5 });
    // While on promotion the selling price stays below the struck-through one.
    const tooHigh = await call(pharmacist, 'PUT', `/admin/catalogue/products/${code}`, { prezzo: 22 });
    expect(tooHigh.statusCode).toBe(422);
    // A product first listed today was never sold before: no price to strike through.
    const fresh = await call(pharmacist, 'PUT', `/admin/catalogue/products/${goodCode(20)}/promotion`, { prezzo: 1 });
    expect(ApiErrorBodySchema.parse(fresh.json()).errors?.prezzo?.[0]).toMatch(/^Il prodotto non risulta in vendita in questa farmacia prima del/);

    const off = await call(pharmacist, 'DELETE', `/admin/catalogue/products/${code}/promotion`);
    expect(off.statusCode).toBe(200);
    expect(AdminProductResponseSchema.parse(off.json()).data).toMatchObject({ promo: false, prezzo: 21.5 });
    expect(await promotions()).toEqual([]);
    expect(ProductSchema.parse((await call(null, 'GET', `/product/${code}`)).json())).toMatchObject({ prezzo: 21.5, prezzo_pieno: null, promo: false });
    const audit = AuditListResponseSchema.parse((await call(admin, 'GET', '/admin/audit?entity=product&rpp=2')).json()).data;
    expect(audit.map((a) => a.action)).toEqual(['promotion-end', 'promotion']);
    expect(audit[1]?.after).toMatchObject({ prezzo: 12.9, prezzo_pieno: 21.5 });
    expect((await call(pharmacist, 'DELETE', `/admin/catalogue/products/${aic('79999999')}/promotion`)).statusCode).toBe(404);
  });
});
