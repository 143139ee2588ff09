import {
  ApiErrorBodySchema,
  CheckResponseSchema,
  MessageResponseSchema,
  messages,
  StaffWhoAmIResponseSchema,
  TokenResponseSchema,
} from '@farmacia/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { emlFiles, outboxRowsTo, resetLinkIn } from '../../../test/factories/mail.js';
import {
  bearer,
  createAdmin,
  createPharmacist,
  createUser,
  ensureShop,
  randomFiscalCode,
  randomPhone,
  uniqueEmail,
} from '../../../test/factories/users.js';
import { BODY_LIMIT_BYTES } from '../../app.js';
import { flushOutbox } from '../../notify/index.js';
import { LIMITS } from '../../plugins/rate-limit.js';

let t: TestApp;
let ipSeq = 0;
/** A fresh client address, so per-IP limits of one test do not spill into the next. */
const nextIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

type InjectBody = Record<string, unknown>;
const post = (url: string, payload?: InjectBody, headers: Record<string, string> = {}, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload }), headers, remoteAddress });

const signupBody = (overrides: InjectBody = {}): InjectBody => ({
  name: 'Mario Bianchi',
  email: uniqueEmail('signup'),
  password: 'Segreta-2026',
  password_confirmation: 'Segreta-2026',
  codice_fiscale: randomFiscalCode(),
  phone_number: randomPhone(),
  privacy: true,
  ...overrides,
});

function errorsOf(res: { statusCode: number; json(): unknown }) {
  const body = ApiErrorBodySchema.parse(res.json());
  return body.errors ?? {};
}

/** Nothing secret ever leaves the server. */
function expectNoSecrets(body: string) {
  expect(body).not.toContain('password_hash');
  expect(body).not.toContain('$argon2');
  expect(body).not.toMatch(/"password"\s*:/);
}

beforeAll(async () => {
  t = await buildTestApp({ outboxWorker: false, publicUrl: 'https://app.farmacia.test' });
  await ensureShop(t.app);
});
afterAll(() => t.close());

describe(`POST /api/auth/register (${testEngine})`, () => {
  it('creates the account, its main fiscal code and the consent record, and answers 201 with a working token', async () => {
    const body = signupBody({ email: '  Nuovo.Cliente@Example.IT ', codice_fiscale: 'rssmra85t50h501s', phone_number: '333 765-4321' });
    const res = await post('/api/auth/register', body);
    expect(res.statusCode).toBe(201);
    expectNoSecrets(res.body);
    const { token, expires_at } = TokenResponseSchema.parse(res.json());
    const hours = (Date.parse(expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const check = await post('/api/auth/check', undefined, bearer(token));
    expect(check.statusCode).toBe(200);
    const { user } = CheckResponseSchema.parse(check.json());
    expect(user).toMatchObject({ name: 'Mario Bianchi', email: 'nuovo.cliente@example.it', role: 'customer', checkprivacy: 0 });

    const row = await t.app.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.phone_number).toBe('3337654321');
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(row.privacy1).toBe(1);
    expect(row.privacy_accepted_at).not.toBeNull();
    expect(row.referral_code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    const codes = await t.app.db.selectFrom('fiscal_codes').selectAll().where('user_id', '=', user.id).execute();
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({ codice_fiscale: 'RSSMRA85T50H501S', main: 1, system: 0 });
    const consents = await t.app.db.selectFrom('privacy_consents').selectAll().where('user_id', '=', user.id).execute();
    expect(consents).toEqual([expect.objectContaining({ privacy1: 1, source: 'register' })]);
    const links = await t.app.db.selectFrom('user_shops').selectAll().where('user_id', '=', user.id).execute();
    expect(links.map((l) => l.shop_id)).toEqual([row.shop_id]);
  });

  it('answers 422 with every missing field keyed by name, in Italian', async () => {
    const res = await post('/api/auth/register', {});
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({
      name: [messages.validation.required],
      email: [messages.validation.required],
      password: [messages.validation.required],
      password_confirmation: [messages.validation.required],
      codice_fiscale: [messages.validation.required],
      phone_number: [messages.validation.required],
      privacy: [messages.auth.termsRequired],
    });
  });

  it.each([
    ['email', { email: 'non-una-email' }, messages.validation.email],
    ['password', { password: 'corta', password_confirmation: 'corta' }, 'La password deve contenere almeno 8 caratteri.'],
    ['password_confirmation', { password_confirmation: 'Diversa-2026' }, messages.validation.passwordsMismatch],
    ['codice_fiscale', { codice_fiscale: 'RSSMRA85T50H501' }, messages.fiscalCode.length],
    ['codice_fiscale', { codice_fiscale: 'RSSMRA85T50H501A' }, messages.fiscalCode.controlChar],
    ['codice_fiscale', { codice_fiscale: 'RSSMRA85B30H501C' }, messages.fiscalCode.birthDate],
    ['codice_fiscale', { codice_fiscale: 'RSSMRA85A35H501P' }, messages.fiscalCode.birthDate],
    ['phone_number', { phone_number: '123456' }, messages.phone.signupDigits],
    ['phone_number', { phone_number: '33312345678' }, messages.phone.signupDigits],
    ['privacy', { privacy: false }, messages.auth.termsRequired],
    ['privacy', { privacy: 0 }, messages.auth.termsRequired],
    ['name', { name: '   ' }, messages.validation.required],
  ])('refuses a bad %s with its message', async (field, overrides, message) => {
    const res = await post('/api/auth/register', signupBody(overrides));
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)[field]).toEqual([message]);
  });

  it('accepts privacy as 1 or "1" (how checkboxes travel)', async () => {
    expect((await post('/api/auth/register', signupBody({ privacy: 1 }))).statusCode).toBe(201);
    expect((await post('/api/auth/register', signupBody({ privacy: '1' }))).statusCode).toBe(201);
  });

  it('refuses an email already registered, whatever its case, and a phone already registered', async () => {
    const existing = await createUser(t.app);
    const dupEmail = await post('/api/auth/register', signupBody({ email: existing.user.email.toUpperCase() }));
    expect(dupEmail.statusCode).toBe(422);
    expect(errorsOf(dupEmail)).toEqual({ email: [messages.auth.emailTaken] });
    const dupPhone = await post('/api/auth/register', signupBody({ phone_number: existing.user.phone_number }));
    expect(dupPhone.statusCode).toBe(422);
    expect(errorsOf(dupPhone)).toEqual({ phone_number: [messages.auth.phoneTaken] });
  });

  it('lets exactly one of two simultaneous signups with the same email through, the other gets 422', async () => {
    const email = uniqueEmail('gara');
    const results = await Promise.all([post('/api/auth/register', signupBody({ email })), post('/api/auth/register', signupBody({ email }))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const loser = results.find((r) => r.statusCode === 422);
    expect(loser && errorsOf(loser)).toEqual({ email: [messages.auth.emailTaken] });
    expect(await t.app.db.selectFrom('users').select('id').where('email', '=', email).execute()).toHaveLength(1);
  });

  it('records a referral by friend code (any case) and refuses an unknown one', async () => {
    const friend = await createUser(t.app);
    const ok = await post('/api/auth/register', signupBody({ referral: friend.user.referral_code.toLowerCase() }));
    expect(ok.statusCode).toBe(201);
    const { user } = CheckResponseSchema.parse((await post('/api/auth/check', undefined, bearer(ok.json().token))).json());
    const row = await t.app.db.selectFrom('users').select('referred_by_user_id').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.referred_by_user_id).toBe(friend.user.id);

    const unknown = await post('/api/auth/register', signupBody({ referral: 'NONESISTE2' }));
    expect(unknown.statusCode).toBe(422);
    expect(errorsOf(unknown)).toEqual({ referral: [messages.auth.referralUnknown] });
  });

  it('registers in the shop asked for, and refuses a shop that does not exist', async () => {
    const shop = await t.app.db.insertInto('shops').values({ name: 'Farmacia Due', created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
    const ok = await post('/api/auth/register', signupBody({ shop_id: shop.id }));
    expect(ok.statusCode).toBe(201);
    expect(CheckResponseSchema.parse((await post('/api/auth/check', undefined, bearer(ok.json().token))).json()).user.shop_id).toBe(shop.id);
    const missing = await post('/api/auth/register', signupBody({ shop_id: 99_999 }));
    expect(missing.statusCode).toBe(422);
    expect(errorsOf(missing)).toEqual({ shop_id: [messages.shop.notFound] });
  });

  it('limits signups per address (429 with Retry-After)', async () => {
    const ip = nextIp();
    for (let i = 0; i < LIMITS.registerIp.max; i++) {
      expect((await post('/api/auth/register', signupBody(), {}, ip)).statusCode).toBe(201);
    }
    const res = await post('/api/auth/register', signupBody(), {}, ip);
    expect(res.statusCode).toBe(429);
    expect(ApiErrorBodySchema.parse(res.json()).code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe(`POST /api/auth/login (${testEngine})`, () => {
  it('logs in by email, ignoring case and surrounding spaces', async () => {
    const { user, password } = await createUser(t.app);
    const res = await post('/api/auth/login', { email: `  ${user.email.toUpperCase()} `, password });
    expect(res.statusCode).toBe(200);
    expectNoSecrets(res.body);
    const { token } = TokenResponseSchema.parse(res.json());
    expect((await post('/api/auth/check', undefined, bearer(token))).statusCode).toBe(200);
  });

  it('logs in by phone as <digits>@phonenumber, also with the 39 country code', async () => {
    const { password } = await createUser(t.app, { phoneNumber: '3471122334' });
    expect((await post('/api/auth/login', { email: '3471122334@phonenumber', password })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: '393471122334@PhoneNumber', password })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: '3471122335@phonenumber', password })).statusCode).toBe(401);
  });

  it('answers 401 Credenziali sbagliate for a wrong password and for an unknown account alike', async () => {
    const { user } = await createUser(t.app);
    for (const payload of [
      { email: user.email, password: 'sbagliata!' },
      { email: 'nessuno@example.it', password: 'sbagliata!' },
    ]) {
      const res = await post('/api/auth/login', payload);
      expect(res.statusCode).toBe(401);
      expect(ApiErrorBodySchema.parse(res.json())).toMatchObject({ code: 'AUTH_INVALID_CREDENTIALS', message: 'Credenziali sbagliate' });
    }
  });

  it('answers 422 when the identifier or the password is missing', async () => {
    const res = await post('/api/auth/login', { email: ' ', password: '' });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ email: [messages.auth.identifierRequired], password: [messages.validation.required] });
  });

  it('answers 429 after 5 failures from one address, even with the right password, while another address still logs in', async () => {
    const { user, password } = await createUser(t.app);
    const ip = nextIp();
    for (let i = 0; i < LIMITS.loginIpIdentifier.max; i++) {
      expect((await post('/api/auth/login', { email: user.email, password: 'sbagliata!' }, {}, ip)).statusCode).toBe(401);
    }
    const blocked = await post('/api/auth/login', { email: user.email, password }, {}, ip);
    expect(blocked.statusCode).toBe(429);
    expect(ApiErrorBodySchema.parse(blocked.json()).code).toBe('RATE_LIMITED');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await post('/api/auth/login', { email: user.email, password }, {}, nextIp())).statusCode).toBe(200);
  });

  it('lets the user in again once the window has passed', async () => {
    const { user, password } = await createUser(t.app);
    const ip = nextIp();
    for (let i = 0; i < LIMITS.loginIpIdentifier.max; i++) await post('/api/auth/login', { email: user.email, password: 'x-sbagliata' }, {}, ip);
    expect((await post('/api/auth/login', { email: user.email, password }, {}, ip)).statusCode).toBe(429);
    // Age the window as 15 minutes would.
    const past = new Date(Date.now() - LIMITS.loginIpIdentifier.windowMs - 1000).toISOString();
    await t.app.db.updateTable('rate_limits').set({ window_start: past }).where('bucket', '=', LIMITS.loginIpIdentifier.bucket).execute();
    expect((await post('/api/auth/login', { email: user.email, password }, {}, ip)).statusCode).toBe(200);
  });

  it('gives staff an 8-hour token and customers a 24-hour one', async () => {
    const pharmacist = await createPharmacist(t.app);
    const res = await post('/api/auth/login', { email: pharmacist.user.email, password: pharmacist.password });
    const hours = (Date.parse(TokenResponseSchema.parse(res.json()).expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(7.9);
    expect(hours).toBeLessThanOrEqual(8);
  });
});

describe(`sessions: check, refresh, logout (${testEngine})`, () => {
  it('answers 401 without a token, with a malformed one, with a foreign signature, or an expired one', async () => {
    const { user } = await createUser(t.app);
    const session = await t.app.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const forge = (secret: string, exp: number) =>
      new SignJWT({ sid: session.id, role: 'customer', shop: user.shop_id })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setJti(session.current_jti)
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    const now = Math.floor(Date.now() / 1000);
    for (const headers of [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Bearer non.un.token' },
      { authorization: 'Basic dXNlcjpwYXNz' },
      bearer(await forge('un-altro-segreto-lungo-almeno-32-caratteri!!', now + 600)),
      bearer(await forge(t.config.jwtSecret, now - 10)),
    ]) {
      const res = await post('/api/auth/check', undefined, headers);
      expect(res.statusCode).toBe(401);
      expect(ApiErrorBodySchema.parse(res.json()).code).toBe('UNAUTHENTICATED');
    }
    // The same claims, correctly signed and unexpired, are accepted: the checks above failed for their reason.
    expect((await post('/api/auth/check', undefined, bearer(await forge(t.config.jwtSecret, now + 600)))).statusCode).toBe(200);
  });

  it('rotates on refresh: the new token works, the old one stops at once', async () => {
    const { token } = await createUser(t.app);
    const res = await post('/api/auth/refresh', undefined, bearer(token));
    expect(res.statusCode).toBe(200);
    const fresh = TokenResponseSchema.parse(res.json()).token;
    expect(fresh).not.toBe(token);
    expect((await post('/api/auth/check', undefined, bearer(fresh))).statusCode).toBe(200);
    expect((await post('/api/auth/check', undefined, bearer(token))).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', undefined, bearer(token))).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', undefined, bearer(fresh))).statusCode).toBe(200);
  });

  it('accepts an empty JSON body on bodiless calls', async () => {
    const { token } = await createUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/check',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
  });

  it('renews an expired token while its session lives, never past the session end', async () => {
    const { user } = await createUser(t.app);
    const session = await t.app.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const expired = await new SignJWT({ sid: session.id, role: 'customer', shop: user.shop_id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setJti(session.current_jti)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 90_000)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    expect((await post('/api/auth/check', undefined, bearer(expired))).statusCode).toBe(401);
    const soonOver = new Date(Date.now() + 3_600_000).toISOString();
    await t.app.db.updateTable('sessions').set({ expires_at: soonOver }).where('id', '=', session.id).execute();
    const res = await post('/api/auth/refresh', undefined, bearer(expired));
    expect(res.statusCode).toBe(200);
    const { expires_at } = TokenResponseSchema.parse(res.json());
    expect(Math.abs(Date.parse(expires_at) - Date.parse(soonOver))).toBeLessThan(1000);
    // A session past its absolute end renews nothing.
    await t.app.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', session.id).execute();
    expect((await post('/api/auth/refresh', undefined, bearer(res.json().token))).statusCode).toBe(401);
  });

  it('revokes the session on logout (204), for every later call', async () => {
    const { token } = await createUser(t.app);
    const res = await post('/api/auth/logout', undefined, bearer(token));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await post('/api/auth/check', undefined, bearer(token))).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', undefined, bearer(token))).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) })).statusCode).toBe(401);
    expect((await post('/api/auth/logout', undefined, bearer(token))).statusCode).toBe(401);
  });

  it('locks out a deleted account at once', async () => {
    const { user, token } = await createUser(t.app);
    await t.app.db.updateTable('users').set({ deleted_at: new Date().toISOString() }).where('id', '=', user.id).execute();
    expect((await post('/api/auth/check', undefined, bearer(token))).statusCode).toBe(401);
  });
});

describe(`password recovery and reset (${testEngine})`, () => {
  it('answers the same 200 for an unknown address and queues nothing', async () => {
    const res = await post('/api/auth/recovery', { email: 'sconosciuto@example.it' });
    expect(res.statusCode).toBe(200);
    expect(MessageResponseSchema.parse(res.json()).message).toBe(messages.auth.recoveryRequested);
    expect(await outboxRowsTo(t.app, 'sconosciuto@example.it')).toEqual([]);
  });

  it('mails a single-use link, resets the password, revokes every session, and refuses the link again', async () => {
    const { user, token, password } = await createUser(t.app, { name: 'Lucia Neri' });
    const res = await post('/api/auth/recovery', { email: user.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(MessageResponseSchema.parse(res.json()).message).toBe(messages.auth.recoveryRequested);

    const [row] = await outboxRowsTo(t.app, user.email);
    expect(row).toMatchObject({ channel: 'email', status: 'pending' });
    const link = resetLinkIn(row?.body_text ?? '');
    expect(link.url.origin + link.url.pathname).toBe(`https://app.farmacia.test/auth/reset/${link.token}`);
    expect(link.email).toBe(user.email);
    expect(row?.body_html).toContain(`/auth/reset/${link.token}`);
    // Only the token's hash is stored.
    const stored = await t.app.db.selectFrom('password_resets').selectAll().where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.token_hash).not.toContain(link.token);

    // Delivered by the file transport as an .eml named by time.
    await flushOutbox(t.app);
    const files = await emlFiles(t.config.dataDir);
    const mail = files.find((f) => f.content.includes(`To: ${user.email}`));
    expect(mail?.name).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-\d{6}\.eml$/);
    expect(mail?.content).toContain('Reimposta la tua password');
    expect(mail?.content).toContain(`/auth/reset/${link.token}?email=`);
    expect((await outboxRowsTo(t.app, user.email))[0]?.status).toBe('sent');

    const resetTo = (password: string) => post('/api/auth/reset', { email: link.email, token: link.token, password, password_confirmation: password });
    const reset = await resetTo('Nuova-Password-1');
    expect(reset.statusCode).toBe(200);
    expect(MessageResponseSchema.parse(reset.json()).message).toBe(messages.auth.resetDone);

    expect((await post('/api/auth/check', undefined, bearer(token))).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password: 'Nuova-Password-1' })).statusCode).toBe(200);

    const again = await resetTo('Altra-Password-2');
    expect(again.statusCode).toBe(422);
    expect(errorsOf(again)).toEqual({ token: [messages.auth.resetFailed] });
  });

  it('refuses an expired token, a token for another email, and a made-up token', async () => {
    const { user } = await createUser(t.app);
    const other = await createUser(t.app);
    await post('/api/auth/recovery', { email: user.email });
    const link = resetLinkIn((await outboxRowsTo(t.app, user.email))[0]?.body_text ?? '');
    const body = (email: string, token: string) => ({ email, token, password: 'Nuova-Password-1', password_confirmation: 'Nuova-Password-1' });

    for (const attempt of [body(other.user.email, link.token), body(user.email, 'inventato')]) {
      const res = await post('/api/auth/reset', attempt);
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toEqual({ token: [messages.auth.resetFailed] });
    }
    await t.app.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', user.id).execute();
    const expired = await post('/api/auth/reset', body(user.email, link.token));
    expect(expired.statusCode).toBe(422);
    expect(errorsOf(expired)).toEqual({ token: [messages.auth.resetFailed] });
  });

  it('validates the new password on reset', async () => {
    const res = await post('/api/auth/reset', { email: 'a@b.it', token: 'x', password: 'corta', password_confirmation: 'altra' });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({
      password: ['La password deve contenere almeno 8 caratteri.'],
      password_confirmation: [messages.validation.passwordsMismatch],
    });
  });

  it('limits recovery mails per address (429 after 3 in an hour)', async () => {
    const { user } = await createUser(t.app);
    for (let i = 0; i < LIMITS.recoveryEmail.max; i++) expect((await post('/api/auth/recovery', { email: user.email })).statusCode).toBe(200);
    const res = await post('/api/auth/recovery', { email: user.email });
    expect(res.statusCode).toBe(429);
    expect(await outboxRowsTo(t.app, user.email)).toHaveLength(LIMITS.recoveryEmail.max);
  });
});

describe(`roles (${testEngine})`, () => {
  it('opens staff routes to pharmacists and admins only', async () => {
    const customer = await createUser(t.app);
    const pharmacist = await createPharmacist(t.app);
    const admin = await createAdmin(t.app);
    const whoami = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/admin/whoami', headers });

    expect((await whoami({})).statusCode).toBe(401);
    const denied = await whoami(bearer(customer.token));
    expect(denied.statusCode).toBe(403);
    expect(ApiErrorBodySchema.parse(denied.json()).code).toBe('FORBIDDEN');

    const ok = await whoami(bearer(pharmacist.token));
    expect(ok.statusCode).toBe(200);
    expectNoSecrets(ok.body);
    expect(StaffWhoAmIResponseSchema.parse(ok.json()).data).toMatchObject({ id: pharmacist.user.id, role: 'pharmacist' });
    expect(StaffWhoAmIResponseSchema.parse((await whoami(bearer(admin.token))).json()).data.role).toBe('admin');
  });
});

describe(`bad input never answers 500 (${testEngine})`, () => {
  it('answers 400 to malformed JSON, 415 to an unknown media type, 413 to a huge body, 404 to an unknown route', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.it", ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(ApiErrorBodySchema.parse(malformed.json()).code).toBe('BAD_REQUEST');

    const media = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/csv' }, payload: 'a,b' });
    expect(media.statusCode).toBe(415);

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(BODY_LIMIT_BYTES + 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(ApiErrorBodySchema.parse(huge.json()).code).toBe('PAYLOAD_TOO_LARGE');

    const unknown = await t.app.inject({ method: 'GET', url: '/api/auth/nothing-here' });
    expect(unknown.statusCode).toBe(404);

    const wrongTypes = await post('/api/auth/register', { name: 42, email: ['x'], password: null, privacy: 'forse', shop_id: 'uno' });
    expect(wrongTypes.statusCode).toBe(422);
    expect(errorsOf(wrongTypes)).toMatchObject({
      name: [messages.validation.required],
      email: [messages.validation.required],
      privacy: [messages.auth.termsRequired],
      shop_id: [messages.shop.select],
    });
    const arrayBody = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: [1, 2, 3] });
    expect(arrayBody.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(arrayBody.json()).message).toBe(messages.validation.invalid);
  });
});
