import {
  ApiErrorBodySchema,
  FiscalCodeListResponseSchema,
  FiscalCodeResponseSchema,
  fiscalCodeControlChar,
  messages,
} from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { bearer, type CreatedUser, createUser, randomFiscalCode } from '../../../test/factories/users.js';

describe(`fiscal codes (${testEngine})`, () => {
  let t: TestApp;
  let owner: CreatedUser;
  let other: CreatedUser;
  const mainCode = 'RSSMRA85T10A562S';

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await createUser(t.app, { codiceFiscale: mainCode });
    other = await createUser(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: CreatedUser, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(user.token), ...(payload === undefined ? {} : { payload: payload as object }) });

  it('lists the main code created at signup first, in the { data } envelope', async () => {
    const res = await call('GET', '/fiscalcode', owner);
    expect(res.statusCode).toBe(200);
    const { data } = FiscalCodeListResponseSchema.parse(res.json());
    expect(data).toEqual([{ id: expect.any(Number), codice_fiscale: mainCode, main: true, system: false }]);
  });

  it('adds a code (trimmed and uppercased), reads it back and lists it after the main one', async () => {
    const code = randomFiscalCode();
    const created = await call('POST', '/fiscalcode', owner, { codice_fiscale: `  ${code.toLowerCase()} ` });
    expect(created.statusCode).toBe(201);
    const { data } = FiscalCodeResponseSchema.parse(created.json());
    expect(data).toMatchObject({ codice_fiscale: code, main: false, system: false });
    const one = FiscalCodeResponseSchema.parse((await call('GET', `/fiscalcode/${data.id}`, owner)).json());
    expect(one.data).toEqual(data);
    const list = FiscalCodeListResponseSchema.parse((await call('GET', '/fiscalcode', owner)).json()).data;
    expect(list.map((f) => f.codice_fiscale)).toEqual([mainCode, code]);
  });

  it('answers 422 per field for every broken code: missing, length, pattern, control character', async () => {
    const first15 = 'BNCLRA90A41F205';
    const wrongControl = first15 + (fiscalCodeControlChar(first15) === 'A' ? 'B' : 'A');
    const cases: Array<[unknown, string]> = [
      [{}, messages.validation.required],
      [{ codice_fiscale: '' }, messages.validation.required],
      [{ codice_fiscale: 'RSSMRA85T10A562' }, messages.fiscalCode.length],
      [{ codice_fiscale: '1SSMRA85T10A562S' }, messages.fiscalCode.pattern],
      [{ codice_fiscale: wrongControl }, messages.fiscalCode.controlChar],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/fiscalcode', owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      const body = ApiErrorBodySchema.parse(res.json());
      expect(body.errors?.codice_fiscale?.at(-1)).toBe(message);
    }
  });

  it('answers 422 for a birth date that does not exist (day 00, 32–40, 72, 30 February, 29 February 2005), valid 29 February 2000', async () => {
    const withControl = (first15: string) => first15 + fiscalCodeControlChar(first15);
    for (const first15 of ['BNCLRA90A00F205', 'BNCLRA90A32F205', 'BNCLRA90A40F205', 'BNCLRA90A72F205', 'BNCLRA90B30F205', 'BNCLRA90D31F205', 'BNCLRA05B69F205']) {
      const res = await call('POST', '/fiscalcode', owner, { codice_fiscale: withControl(first15) });
      expect(res.statusCode, first15).toBe(422);
      expect(ApiErrorBodySchema.parse(res.json()).errors).toEqual({ codice_fiscale: [messages.fiscalCode.birthDate] });
    }
    expect((await call('POST', '/fiscalcode', owner, { codice_fiscale: withControl('BNCLRA00B69F205') })).statusCode).toBe(201);
  });

  it('refuses a duplicate of the same user, but another user may hold the same code', async () => {
    const code = randomFiscalCode();
    expect((await call('POST', '/fiscalcode', owner, { codice_fiscale: code })).statusCode).toBe(201);
    const again = await call('POST', '/fiscalcode', owner, { codice_fiscale: code.toLowerCase() });
    expect(again.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(again.json()).errors).toEqual({ codice_fiscale: [messages.fiscalCode.alreadyPresent] });
    const main = await call('POST', '/fiscalcode', owner, { codice_fiscale: mainCode });
    expect(main.statusCode).toBe(422);
    expect((await call('POST', '/fiscalcode', other, { codice_fiscale: code })).statusCode).toBe(201);
  });

  it('edits a code, refusing to turn it into a duplicate', async () => {
    const a = FiscalCodeResponseSchema.parse((await call('POST', '/fiscalcode', owner, { codice_fiscale: randomFiscalCode() })).json()).data;
    const b = FiscalCodeResponseSchema.parse((await call('POST', '/fiscalcode', owner, { codice_fiscale: randomFiscalCode() })).json()).data;
    const next = randomFiscalCode();
    const edited = await call('PUT', `/fiscalcode/${a.id}`, owner, { codice_fiscale: next });
    expect(edited.statusCode).toBe(200);
    expect(FiscalCodeResponseSchema.parse(edited.json()).data).toEqual({ ...a, codice_fiscale: next });
    const dup = await call('PUT', `/fiscalcode/${a.id}`, owner, { codice_fiscale: b.codice_fiscale });
    expect(dup.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(dup.json()).errors?.codice_fiscale).toEqual([messages.fiscalCode.alreadyPresent]);
    const same = await call('PUT', `/fiscalcode/${a.id}`, owner, { codice_fiscale: next });
    expect(same.statusCode).toBe(200);
    const broken = await call('PUT', `/fiscalcode/${a.id}`, owner, { codice_fiscale: 'XX' });
    expect(broken.statusCode).toBe(422);
  });

  it('never deletes the main code: 409 with the text of spec §6', async () => {
    const main = FiscalCodeListResponseSchema.parse((await call('GET', '/fiscalcode', owner)).json()).data.find((f) => f.main)!;
    const res = await call('DELETE', `/fiscalcode/${main.id}`, owner);
    expect(res.statusCode).toBe(409);
    expect(ApiErrorBodySchema.parse(res.json()).message).toBe(
      "Il presente codice fiscale è associato all'utente dell'applicazione e ai relativi consensi in materia di privacy, pertanto, la sua cancellazione non è possibile.",
    );
    expect((await call('GET', `/fiscalcode/${main.id}`, owner)).statusCode).toBe(200);
  });

  it('deletes an added code', async () => {
    const a = FiscalCodeResponseSchema.parse((await call('POST', '/fiscalcode', owner, { codice_fiscale: randomFiscalCode() })).json()).data;
    expect((await call('DELETE', `/fiscalcode/${a.id}`, owner)).statusCode).toBe(204);
    expect((await call('GET', `/fiscalcode/${a.id}`, owner)).statusCode).toBe(404);
    expect((await call('DELETE', `/fiscalcode/${a.id}`, owner)).statusCode).toBe(404);
  });

  it('does not let a system code be edited or deleted', async () => {
    const code = randomFiscalCode();
    const row = await t.app.db
      .insertInto('fiscal_codes')
      .values({ user_id: owner.user.id, codice_fiscale: code, main: 0, system: 1, created_at: 'x', updated_at: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const put = await call('PUT', `/fiscalcode/${row.id}`, owner, { codice_fiscale: randomFiscalCode() });
    expect(put.statusCode).toBe(409);
    expect(ApiErrorBodySchema.parse(put.json()).errors?.codice_fiscale).toEqual([messages.fiscalCode.systemNotEditable]);
    expect((await call('DELETE', `/fiscalcode/${row.id}`, owner)).statusCode).toBe(409);
    const after = FiscalCodeResponseSchema.parse((await call('GET', `/fiscalcode/${row.id}`, owner)).json()).data;
    expect(after).toMatchObject({ codice_fiscale: code, system: true });
  });

  it("answers 404 for another customer's code on read, edit and delete, leaving it untouched", async () => {
    const theirs = FiscalCodeResponseSchema.parse((await call('POST', '/fiscalcode', other, { codice_fiscale: randomFiscalCode() })).json()).data;
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { codice_fiscale: randomFiscalCode() }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/fiscalcode/${theirs.id}`, owner, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.body).not.toContain(theirs.codice_fiscale);
    }
    expect(FiscalCodeResponseSchema.parse((await call('GET', `/fiscalcode/${theirs.id}`, other)).json()).data).toEqual(theirs);
  });

  it('needs a login and a numeric id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/fiscalcode' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/fiscalcode', payload: { codice_fiscale: mainCode } })).statusCode).toBe(401);
    expect((await call('GET', '/fiscalcode/abc', owner)).statusCode).toBe(422);
  });
});
