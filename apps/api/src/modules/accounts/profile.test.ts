import { ApiErrorBodySchema, messages, ProfileResponseSchema } from '@farmacia/contract';
import { describe, expect, it } from 'vitest';
import { testEngine } from '../../../test/build-test-app.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { bearer, createUser, randomFiscalCode, randomPhone, uniqueEmail } from '../../../test/factories/users.js';

const t = useTestApp({ outboxWorker: false });

const getProfile = (token: string) => t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) });
const putProfile = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/profile', headers: bearer(token), payload });
const setPrivacy = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/setuserprivacy', headers: bearer(token), payload });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: `10.2.0.${Math.floor(Math.random() * 250) + 1}` });
const errorsOf = (res: { json(): unknown }) => ApiErrorBodySchema.parse(res.json()).errors ?? {};

describe(`GET /api/profile (${testEngine})`, () => {
  it('answers the profile with the main fiscal code and the phone in the profile format, never a secret', async () => {
    const { user, token } = await createUser(t.app, {
      name: 'Elena Galli',
      phoneNumber: '3201234567',
      codiceFiscale: 'RSSMRA85T50H501S',
      privacy: { privacy1: true, privacy2: true, privacy3: false },
    });
    const res = await getProfile(token);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('password');
    expect(res.body).not.toContain('$argon2');
    expect(ProfileResponseSchema.parse(res.json()).data).toEqual({
      id: user.id,
      name: 'Elena Galli',
      email: user.email,
      phone_number: '393201234567',
      codice_fiscale: 'RSSMRA85T50H501S',
      checkprivacy: 0,
      privacy1: 1,
      privacy2: 1,
      privacy3: 0,
    });
  });

  it('answers 401 without a valid token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
    expect((await getProfile('abc')).statusCode).toBe(401);
  });
});

describe(`PUT /api/profile (${testEngine})`, () => {
  /** A fresh number in the profile format, e.g. '39 347 1234567'. */
  const profilePhone = () => {
    const p = randomPhone();
    return `39 ${p.slice(0, 3)} ${p.slice(3)}`;
  };
  const validBody = (overrides: Record<string, unknown> = {}) => ({
    name: 'Elena Galli Rossi',
    email: uniqueEmail('profilo'),
    password: '',
    password_confirmation: '',
    phone_number: profilePhone(),
    codice_fiscale: randomFiscalCode().toLowerCase(),
    ...overrides,
  });

  it('updates name, email, phone (spaces and dashes stripped) and the main fiscal code; a blank password keeps the old one', async () => {
    const { user, token, password } = await createUser(t.app);
    const body = validBody({ phone_number: '39-347-7654321' });
    const res = await putProfile(token, body);
    expect(res.statusCode).toBe(200);
    const profile = ProfileResponseSchema.parse(res.json()).data;
    expect(profile).toMatchObject({
      id: user.id,
      name: 'Elena Galli Rossi',
      email: body.email,
      phone_number: '393477654321',
      codice_fiscale: body.codice_fiscale.toUpperCase(),
    });
    expect(ProfileResponseSchema.parse((await getProfile(token)).json()).data).toEqual(profile);
    const codes = await t.app.db.selectFrom('fiscal_codes').selectAll().where('user_id', '=', user.id).execute();
    expect(codes).toEqual([expect.objectContaining({ main: 1, codice_fiscale: body.codice_fiscale.toUpperCase() })]);
    // The national number logs in by phone; the old password still works.
    expect((await login('3477654321@phonenumber', password)).statusCode).toBe(200);
    expect((await login(body.email, password)).statusCode).toBe(200);
  });

  it('changes the password, keeps this session and signs out the others', async () => {
    const { user, token, password } = await createUser(t.app);
    const other = (await login(user.email, password)).json().token as string;
    const res = await putProfile(token, validBody({ email: user.email, password: 'Cambiata-2026', password_confirmation: 'Cambiata-2026' }));
    expect(res.statusCode).toBe(200);
    expect((await getProfile(token)).statusCode).toBe(200);
    expect((await getProfile(other)).statusCode).toBe(401);
    expect((await login(user.email, password)).statusCode).toBe(401);
    expect((await login(user.email, 'Cambiata-2026')).statusCode).toBe(200);
  });

  it('refuses the fields the spec requires and the phone outside the profile pattern, per field in Italian', async () => {
    const { token } = await createUser(t.app);
    const empty = await putProfile(token, {});
    expect(empty.statusCode).toBe(422);
    expect(errorsOf(empty)).toEqual({
      name: [messages.validation.required],
      email: [messages.validation.required],
      phone_number: [messages.validation.required],
      codice_fiscale: [messages.validation.required],
    });
    for (const phone of ['3477654321', '39 347 765432', '39  347 7654321', '+39 347 7654321']) {
      const res = await putProfile(token, validBody({ phone_number: phone }));
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toEqual({ phone_number: [messages.phone.profileFormat] });
    }
    const mismatch = await putProfile(token, validBody({ password: 'Nuova-2026!', password_confirmation: 'Altra-2026!' }));
    expect(errorsOf(mismatch)).toEqual({ password_confirmation: [messages.validation.passwordsMismatch] });
    const short = await putProfile(token, validBody({ password: 'corta', password_confirmation: 'corta' }));
    expect(errorsOf(short)).toEqual({ password: ['La password deve contenere almeno 8 caratteri.'] });
    const badCode = await putProfile(token, validBody({ codice_fiscale: 'RSSMRA85T50H501A' }));
    expect(errorsOf(badCode)).toEqual({ codice_fiscale: [messages.fiscalCode.controlChar] });
    // 30 February, with its right control character: a date that does not exist (issue 21).
    const noSuchDay = await putProfile(token, validBody({ codice_fiscale: 'RSSMRA85B30H501C' }));
    expect(errorsOf(noSuchDay)).toEqual({ codice_fiscale: [messages.fiscalCode.birthDate] });
  });

  it("refuses another account's email or phone, and keeps its own", async () => {
    const other = await createUser(t.app, { phoneNumber: '3489998877' });
    const { user, token } = await createUser(t.app, { phoneNumber: '3489998800' });
    const email = await putProfile(token, validBody({ email: other.user.email.toUpperCase() }));
    expect(email.statusCode).toBe(422);
    expect(errorsOf(email)).toEqual({ email: [messages.auth.emailTaken] });
    const phone = await putProfile(token, validBody({ phone_number: '39 348 9998877' }));
    expect(phone.statusCode).toBe(422);
    expect(errorsOf(phone)).toEqual({ phone_number: [messages.auth.phoneTaken] });
    const same = await putProfile(token, validBody({ email: user.email, phone_number: '393489998800' }));
    expect(same.statusCode).toBe(200);
  });

  it('refuses as main code one of the user’s other fiscal codes', async () => {
    const { user, token } = await createUser(t.app);
    const second = randomFiscalCode();
    const at = new Date().toISOString();
    await t.app.db
      .insertInto('fiscal_codes')
      .values({ user_id: user.id, codice_fiscale: second, main: 0, system: 0, created_at: at, updated_at: at })
      .execute();
    const res = await putProfile(token, validBody({ email: user.email, codice_fiscale: second }));
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ codice_fiscale: [messages.fiscalCode.alreadyPresent] });
  });
});

describe(`POST /api/setuserprivacy (${testEngine})`, () => {
  it('requires privacy1 with the spec message', async () => {
    const { token } = await createUser(t.app);
    for (const body of [{ privacy1: false, privacy2: true, privacy3: true }, { privacy2: true }, { privacy1: 0 }]) {
      const res = await setPrivacy(token, body);
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res).privacy1).toEqual(['Questo consenso è obbligatorio']);
    }
  });

  it('records the consents, clears the privacy gate and keeps the history', async () => {
    const { user, token } = await createUser(t.app, { checkprivacy: true });
    expect(ProfileResponseSchema.parse((await getProfile(token)).json()).data.checkprivacy).toBe(1);
    const res = await setPrivacy(token, { privacy1: true, privacy2: 1, privacy3: '0' });
    expect(res.statusCode).toBe(200);
    expect(ProfileResponseSchema.parse(res.json()).data).toMatchObject({ checkprivacy: 0, privacy1: 1, privacy2: 1, privacy3: 0 });
    const check = await t.app.inject({ method: 'POST', url: '/api/auth/check', headers: bearer(token) });
    expect(check.json().user.checkprivacy).toBe(0);
    const history = await t.app.db.selectFrom('privacy_consents').selectAll().where('user_id', '=', user.id).orderBy('id').execute();
    expect(history.map((h) => [h.source, h.privacy1, h.privacy2, h.privacy3])).toEqual([
      ['register', 1, 0, 0],
      ['update', 1, 1, 0],
    ]);
    const row = await t.app.db.selectFrom('users').select('privacy_accepted_at').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.privacy_accepted_at).not.toBeNull();
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/setuserprivacy', payload: { privacy1: true } })).statusCode).toBe(401);
  });
});
