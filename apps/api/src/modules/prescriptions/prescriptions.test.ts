import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ApiErrorBodySchema,
  CartResponseSchema,
  messages,
  PrescriptionListResponseSchema,
  PrescriptionResponseSchema,
  requestErrorMessages,
} from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { SAMPLE_FILES, uploadOf } from '../../../test/factories/cart.js';
import { bearer, type CreatedUser, createPharmacist, createShop, createUser, randomFiscalCode } from '../../../test/factories/users.js';

describe(`prescriptions in the cart (${testEngine})`, () => {
  let t: TestApp;
  let owner: CreatedUser;
  let other: CreatedUser;
  const ownCode = 'RSSMRA85T10A562S';
  let familyCode: string;

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await createUser(t.app, { codiceFiscale: ownCode });
    other = await createUser(t.app);
    familyCode = randomFiscalCode();
    const added = await call('POST', '/fiscalcode', owner, { codice_fiscale: familyCode });
    expect(added.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: CreatedUser, payload?: unknown) {
    return t.app.inject({ method, url: `/api${url}`, headers: bearer(user.token), ...(payload === undefined ? {} : { payload: payload as object }) });
  }
  const create = (payload: unknown, user = owner) => call('POST', '/cart/prescriptions', user, payload);
  const created = async (payload: unknown, user = owner) => {
    const res = await create(payload, user);
    expect(res.statusCode, res.body).toBe(201);
    return PrescriptionResponseSchema.parse(res.json()).data;
  };
  const fieldErrors = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(422);
    return ApiErrorBodySchema.parse(res.json()).errors ?? {};
  };
  const fileCount = async () => Number((await t.app.db.selectFrom('files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('saves an NRE prescription: NRE and fiscal code normalized to uppercase, no file', async () => {
    const p = await created({ mode: 'nre', nre: '010a 00 1 2345678', codice_fiscale: ownCode.toLowerCase(), note: ' Urgente ', equivalent: true });
    expect(p).toEqual({
      id: expect.any(Number),
      mode: 'nre',
      nre: '010A0012345678',
      fse_consent: false,
      codice_fiscale: ownCode,
      note: 'Urgente',
      equivalent: true,
      file: null,
    });
    const list = PrescriptionListResponseSchema.parse((await call('GET', '/cart/prescriptions', owner)).json()).data;
    expect(list.map((x) => x.id)).toContain(p.id);
    const one = PrescriptionResponseSchema.parse((await call('GET', `/cart/prescriptions/${p.id}`, owner)).json()).data;
    expect(one).toEqual(p);
  });

  it('accepts a family member fiscal code of the customer and infers the mode', async () => {
    const p = await created({ nre: 'ABCDEFGHIJKLM', codice_fiscale: familyCode });
    expect(p).toMatchObject({ mode: 'nre', nre: 'ABCDEFGHIJKLM', codice_fiscale: familyCode });
  });

  it("refuses a fiscal code that is missing or not one of the customer's own: 'Selezionare un codice fiscale.'", async () => {
    expect(fieldErrors(await create({ mode: 'nre', nre: 'ABCDEFGHIJKLM' })).codice_fiscale).toEqual([messages.fiscalCode.select]);
    expect(fieldErrors(await create({ mode: 'nre', nre: 'ABCDEFGHIJKLM', codice_fiscale: '' })).codice_fiscale).toEqual([
      messages.fiscalCode.select,
    ]);
    expect(fieldErrors(await create({ mode: 'nre', nre: 'ABCDEFGHIJKLM', codice_fiscale: randomFiscalCode() })).codice_fiscale).toEqual([
      messages.fiscalCode.select,
    ]);
    const theirs = (await t.app.db.selectFrom('fiscal_codes').select('codice_fiscale').where('user_id', '=', other.user.id).executeTakeFirstOrThrow())
      .codice_fiscale;
    expect(fieldErrors(await create({ mode: 'nre', nre: 'ABCDEFGHIJKLM', codice_fiscale: theirs })).codice_fiscale).toEqual([
      messages.fiscalCode.select,
    ]);
    expect(fieldErrors(await create({ mode: 'nre', nre: 'ABCDEFGHIJKLM', codice_fiscale: 'RSSMRA85T10A562X' })).codice_fiscale).toEqual([
      messages.fiscalCode.controlChar,
    ]);
  });

  it('checks the NRE: 13 to 15 letters and digits, required in the nre and vetnre modes', async () => {
    const base = { codice_fiscale: ownCode };
    expect(fieldErrors(await create({ ...base, mode: 'nre', nre: 'ABCDEFGHIJKL' })).nre).toEqual([messages.prescription.nreLength]);
    expect(fieldErrors(await create({ ...base, mode: 'nre', nre: 'ABCDEFGHIJKLMNOP' })).nre).toEqual([messages.prescription.nreLength]);
    expect(fieldErrors(await create({ ...base, mode: 'nre', nre: 'ABCDEF!HIJKLM' })).nre).toEqual([messages.prescription.nreFormat]);
    expect(fieldErrors(await create({ ...base, mode: 'nre' })).nre).toEqual([messages.prescription.nreLength]);
    expect(fieldErrors(await create({ ...base, mode: 'vetnre', nre: '' })).nre).toEqual([messages.prescription.nreLength]);
    expect((await created({ ...base, mode: 'vetnre', nre: '123456789012345' })).mode).toBe('vetnre');
    expect((await created({ ...base, mode: 'nre', nre: 'ABCDEFGHIJKLMN' })).nre).toBe('ABCDEFGHIJKLMN');
  });

  it('requires a file by default and in the file and vetfile modes', async () => {
    for (const mode of [undefined, 'file', 'vetfile']) {
      const errors = fieldErrors(await create({ mode, codice_fiscale: ownCode, note: 'ricetta cartacea' }));
      expect(errors.file, String(mode)).toEqual([messages.prescription.fileRequired]);
    }
    // `{ name }` alone means "keep the stored file": there is none on create.
    expect(fieldErrors(await create({ mode: 'file', codice_fiscale: ownCode, file: { name: 'ricetta.pdf' } })).file).toBeDefined();
  });

  it('stores a PDF prescription encrypted and serves it back to its owner', async () => {
    const p = await created({ mode: 'file', codice_fiscale: ownCode, file: uploadOf('ricetta medico.pdf', SAMPLE_FILES.pdf) });
    expect(p.file).toEqual({ name: 'ricetta medico.pdf', type: 'application/pdf', size: SAMPLE_FILES.pdf.length, url: expect.stringMatching(/^\/api\/files\/\d+$/) });
    const download = await t.app.inject({ method: 'GET', url: p.file!.url!, headers: bearer(owner.token) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''ricetta%20medico.pdf");
    expect(download.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
    // At rest: nothing under DATA_DIR/files holds the clear bytes.
    const root = path.join(t.config.dataDir, 'files');
    const stored = readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(stored.length).toBeGreaterThan(0);
    for (const e of stored) expect(readFileSync(path.join(e.parentPath, e.name)).includes(Buffer.from('%PDF'))).toBe(false);
  });

  it('takes vetfile with an image, and the other accepted formats by their bytes', async () => {
    const cases: Array<[string, Buffer, string, string]> = [
      ['foto.jpg', SAMPLE_FILES.jpeg, 'image/jpeg', 'image/jpeg'],
      ['foto.png', SAMPLE_FILES.png, 'image/png', 'image/png'],
      ['foto.gif', SAMPLE_FILES.gif, 'image/gif', 'image/gif'],
      ['disegno.eps', SAMPLE_FILES.eps, '', 'application/postscript'],
    ];
    for (const [name, bytes, claimed, stored] of cases) {
      const p = await created({ mode: 'vetfile', codice_fiscale: ownCode, file: uploadOf(name, bytes, claimed) });
      expect(p.file?.type, name).toBe(stored);
    }
  });

  it("refuses a file whose bytes are not an accepted format, whatever it is called: \"Formato file '{name}' non valido.\"", async () => {
    const before = await fileCount();
    const spoofed = await create({ mode: 'file', codice_fiscale: ownCode, file: uploadOf('ricetta.png', SAMPLE_FILES.exe, 'image/png') });
    expect(fieldErrors(spoofed).file).toEqual(["Formato file 'ricetta.png' non valido."]);
    const html = await create({ mode: 'file', codice_fiscale: ownCode, file: uploadOf('ricetta.pdf', Buffer.from('<html><script>x</script>')) });
    expect(fieldErrors(html).file).toEqual(["Formato file 'ricetta.pdf' non valido."]);
    const named = await create({ mode: 'file', codice_fiscale: ownCode, file: uploadOf('setup.exe', SAMPLE_FILES.pdf, 'application/x-msdownload') });
    expect(Object.values(fieldErrors(named)).flat()).toContain("Formato file 'setup.exe' non valido.");
    expect(await fileCount()).toBe(before);
  });

  it('answers 413 with an Italian message for a file over 10 MB, and for a body over the limit', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    big.write('%PDF-1.4');
    const res = await create({ mode: 'file', codice_fiscale: ownCode, file: uploadOf('scansione.pdf', big) });
    expect(res.statusCode).toBe(413);
    expect(ApiErrorBodySchema.parse(res.json()).message).toBe("Il file 'scansione.pdf' supera la dimensione massima di 10 MB.");
    const huge = await create({ mode: 'file', codice_fiscale: ownCode, note: 'x'.repeat(15 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(ApiErrorBodySchema.parse(huge.json()).message).toBe(requestErrorMessages.payloadTooLarge);
  });

  it('with the FSE consent on, drops the NRE and the file and stores no file', async () => {
    const before = await fileCount();
    const p = await created({
      mode: 'fse',
      fse_consent: '1',
      nre: 'ABCDEFGHIJKLM',
      codice_fiscale: familyCode,
      file: uploadOf('ricetta.pdf', SAMPLE_FILES.pdf),
    });
    expect(p).toMatchObject({ mode: 'fse', fse_consent: true, nre: null, file: null });
    expect(await fileCount()).toBe(before);
    expect(fieldErrors(await create({ mode: 'fse', codice_fiscale: ownCode })).fse_consent).toEqual([messages.prescription.fseConsentRequired]);
    expect((await created({ fse_consent: true, codice_fiscale: ownCode })).mode).toBe('fse');
  });

  it('updates: keeps the stored file by name, replaces it with a new upload, and asks for one after removal', async () => {
    const p = await created({ mode: 'file', codice_fiscale: ownCode, file: uploadOf('prima.pdf', SAMPLE_FILES.pdf) });
    const kept = await call('PUT', `/cart/prescriptions/${p.id}`, owner, { mode: 'file', codice_fiscale: familyCode, note: 'nuova nota', file: { name: 'prima.pdf' } });
    expect(kept.statusCode).toBe(200);
    expect(PrescriptionResponseSchema.parse(kept.json()).data).toMatchObject({ codice_fiscale: familyCode, note: 'nuova nota', file: p.file });

    const removed = await call('PUT', `/cart/prescriptions/${p.id}`, owner, { mode: 'file', codice_fiscale: ownCode, file: null });
    expect(fieldErrors(removed).file).toEqual([messages.prescription.fileRequired]);

    const replaced = PrescriptionResponseSchema.parse(
      (await call('PUT', `/cart/prescriptions/${p.id}`, owner, { mode: 'file', codice_fiscale: ownCode, file: JSON.stringify(uploadOf('seconda.png', SAMPLE_FILES.png, 'image/png')) })).json(),
    ).data;
    expect(replaced.file).toMatchObject({ name: 'seconda.png', type: 'image/png' });
    expect(replaced.file?.url).not.toBe(p.file?.url);
    expect((await t.app.inject({ method: 'GET', url: p.file!.url!, headers: bearer(owner.token) })).statusCode).toBe(404);

    const toNre = PrescriptionResponseSchema.parse(
      (await call('PUT', `/cart/prescriptions/${p.id}`, owner, { mode: 'nre', nre: 'ABCDEFGHIJKLM', codice_fiscale: ownCode, file: null })).json(),
    ).data;
    expect(toNre).toMatchObject({ mode: 'nre', nre: 'ABCDEFGHIJKLM', file: null });
    expect((await t.app.inject({ method: 'GET', url: replaced.file!.url!, headers: bearer(owner.token) })).statusCode).toBe(404);

    const keepNothing = await call('PUT', `/cart/prescriptions/${p.id}`, owner, { mode: 'file', codice_fiscale: ownCode, file: { name: 'seconda.png' } });
    expect(fieldErrors(keepNothing).file).toEqual([messages.prescription.fileRequired]);
    const wrongCode = await call('PUT', `/cart/prescriptions/${p.id}`, owner, { mode: 'nre', nre: 'ABCDEFGHIJKLM', codice_fiscale: randomFiscalCode() });
    expect(fieldErrors(wrongCode).codice_fiscale).toEqual([messages.fiscalCode.select]);
  });

  it('deletes a prescription with its file', async () => {
    const p = await created({ mode: 'file', codice_fiscale: ownCode, file: uploadOf('ricetta.pdf', SAMPLE_FILES.pdf) });
    const before = await fileCount();
    expect((await call('DELETE', `/cart/prescriptions/${p.id}`, owner)).statusCode).toBe(204);
    expect((await call('GET', `/cart/prescriptions/${p.id}`, owner)).statusCode).toBe(404);
    expect(await fileCount()).toBe(before - 1);
    expect((await call('DELETE', `/cart/prescriptions/${p.id}`, owner)).statusCode).toBe(404);
  });

  it('shows the prescriptions in the cart', async () => {
    const cart = CartResponseSchema.parse((await call('GET', '/cart', owner)).json()).data;
    const list = PrescriptionListResponseSchema.parse((await call('GET', '/cart/prescriptions', owner)).json()).data;
    expect(cart.prescriptions).toEqual(list);
    expect(list.length).toBeGreaterThan(3);
  });

  it("never shows, changes or deletes another customer's prescription or its file", async () => {
    const mine = await created({ mode: 'file', codice_fiscale: ownCode, note: 'privata', file: uploadOf('mia.pdf', SAMPLE_FILES.pdf) });
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { mode: 'nre', nre: 'ABCDEFGHIJKLM', codice_fiscale: ownCode }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/cart/prescriptions/${mine.id}`, other, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.body).not.toContain('privata');
    }
    const theirList = PrescriptionListResponseSchema.parse((await call('GET', '/cart/prescriptions', other)).json()).data;
    expect(theirList.map((p) => p.id)).not.toContain(mine.id);
    const stolen = await t.app.inject({ method: 'GET', url: mine.file!.url!, headers: bearer(other.token) });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.rawPayload.includes(Buffer.from('%PDF'))).toBe(false);
    expect(PrescriptionResponseSchema.parse((await call('GET', `/cart/prescriptions/${mine.id}`, owner)).json()).data).toEqual(mine);
  });

  it("lets the shop's pharmacists read the file, logging each read, and no pharmacist of another shop", async () => {
    const mine = await created({ mode: 'file', codice_fiscale: ownCode, file: uploadOf('per-farmacista.pdf', SAMPLE_FILES.pdf) });
    const fileId = Number(mine.file!.url!.split('/').at(-1));
    const pharmacist = await createPharmacist(t.app, owner.user.shop_id);
    const res = await t.app.inject({ method: 'GET', url: mine.file!.url!, headers: bearer(pharmacist.token) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
    const elsewhere = await createPharmacist(t.app, await createShop(t.app, 'Altra Farmacia'));
    expect((await t.app.inject({ method: 'GET', url: mine.file!.url!, headers: bearer(elsewhere.token) })).statusCode).toBe(404);
    await t.app.inject({ method: 'GET', url: mine.file!.url!, headers: bearer(owner.token) });
    const log = await t.app.db.selectFrom('file_access_log').selectAll().where('file_id', '=', fileId).execute();
    expect(log).toEqual([
      expect.objectContaining({ file_id: fileId, owner_user_id: owner.user.id, reader_user_id: pharmacist.user.id, reader_role: 'pharmacist' }),
    ]);
  });

  it('validates the note length and needs a login', async () => {
    expect(fieldErrors(await create({ mode: 'nre', nre: 'ABCDEFGHIJKLM', codice_fiscale: ownCode, note: 'x'.repeat(1001) })).note).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/cart/prescriptions' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/cart/prescriptions', payload: {} })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/files/1' })).statusCode).toBe(401);
  });
});
