import {
  messages,
  PublicOptionSchemas,
  STAFF_INVITATION_TTL_DAYS,
  StaffInvitationListResponseSchema,
  StaffInvitationResponseSchema,
  TokenResponseSchema,
} from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alreadySetUp, runSetup, type SetupInput } from '../../src/modules/onboarding/setup.service.js';
import { buildTestApp, type TestApp, testEngine } from '../build-test-app.js';
import { outboxRowsTo } from '../factories/mail.js';
import { runScript, SCRIPT_TIMEOUT_MS } from './run-script.js';
import { bearer, createAdmin, createPharmacist, createShop, createUser, uniqueEmail } from '../factories/users.js';

/** Going live without SQL (issue 15, decisions 0417–0418): `npm run setup`, then pharmacists invited by mail. */

const PUBLIC_URL = 'https://farmacia.example.it';

const SETUP: SetupInput = {
  admin: { name: 'Elena Conti', email: 'titolare@farmacia-conti.it', password: 'Titolare-Sicura-2026' },
  shop: { name: 'Farmacia Conti', city: 'Vicenza', postal_code: '36100', province: 'vi', email: 'ordini@farmacia-conti.it' },
  legal: {
    legal_name: 'Farmacia Conti S.r.l.',
    vat_number: '01234567897',
    registered_office: 'Corso Palladio 1, 36100 Vicenza',
    responsible_pharmacist: 'Dott.ssa Elena Conti',
    pharmacist_registration: 'Ordine dei Farmacisti di Vicenza n. 1234',
    ministry_authorization_code: 'VI-2026-0042',
    ministry_authorization_date: '2026-03-02',
    ministry_list_url: 'https://www.salute.gov.it/LogoCommercioElettronico/CercaSitoEComm?id=42',
  },
};

async function counts(t: TestApp) {
  const n = async (table: 'users' | 'shops' | 'options' | 'password_resets') =>
    Number((await t.app.db.selectFrom(table).select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { users: await n('users'), shops: await n('shops'), options: await n('options'), resets: await n('password_resets') };
}

const login = (t: TestApp, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe(`npm run setup (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ publicUrl: PUBLIC_URL, outboxWorker: false });
  });
  afterAll(() => t.close());

  it('refuses invalid answers on their fields and writes nothing', async () => {
    const result = await runSetup(t.app.db, PUBLIC_URL, {
      admin: { name: '', email: 'non-una-email', password: 'corta' },
      shop: { name: 'Farmacia' },
      legal: { vat_number: '123', ministry_list_url: 'http://insicuro.example' },
    });
    expect(result).toEqual({
      status: 'invalid',
      errors: {
        'admin.name': [messages.validation.required],
        'admin.email': [messages.validation.email],
        'admin.password': [expect.any(String)],
        'legal.vat_number': [messages.shopLegal.vatLength],
        'legal.ministry_list_url': [messages.backofficeShop.httpsUrl],
        // A list link without the authorization's code and date (decision 0405).
        'legal.ministry_authorization_code': [messages.shopLegal.authorizationIncomplete],
        'legal.ministry_authorization_date': [messages.shopLegal.authorizationIncomplete],
      },
    });
    expect(await counts(t)).toEqual({ users: 0, shops: 0, options: 0, resets: 0 });
  });

  it('takes the legal data by the back office rule: check digit, a real date, the authorization complete', async () => {
    const result = await runSetup(t.app.db, PUBLIC_URL, {
      ...SETUP,
      legal: { ...SETUP.legal, vat_number: '01234567890', ministry_authorization_date: '2026-02-31', ministry_list_url: '' },
    });
    expect(result).toEqual({
      status: 'invalid',
      errors: {
        'legal.vat_number': [messages.shopLegal.vatInvalid],
        'legal.ministry_authorization_date': [messages.validation.invalidDate],
        'legal.ministry_list_url': [messages.shopLegal.authorizationIncomplete],
      },
    });
    expect(await counts(t)).toEqual({ users: 0, shops: 0, options: 0, resets: 0 });
  });

  it('on an empty database: the shop with its legal data and valid default options, the admin who can log in', async () => {
    const result = await runSetup(t.app.db, PUBLIC_URL, SETUP);
    expect(result).toMatchObject({ status: 'created', shop: { name: 'Farmacia Conti', created: true }, admin: { email: 'titolare@farmacia-conti.it' } });
    expect(result).not.toHaveProperty('setPasswordLink');
    const shop = await t.app.db.selectFrom('shops').selectAll().executeTakeFirstOrThrow();
    expect(shop).toMatchObject({ ...SETUP.legal, name: 'Farmacia Conti', province: 'VI', email: 'ordini@farmacia-conti.it' });
    const options = await t.app.db.selectFrom('options').select(['key', 'value']).where('shop_id', '=', shop.id).execute();
    expect(options.map((o) => o.key).sort()).toEqual(
      ['chatbot', 'galenica', 'order_shipping_configurations', 'privacycheck', 'shop_name'].sort(),
    );
    for (const { key, value } of options) {
      const schema = PublicOptionSchemas[key as keyof typeof PublicOptionSchemas];
      expect(schema.safeParse(value.startsWith('[') || value.startsWith('{') ? JSON.parse(value) : value).success, key).toBe(true);
    }
    const res = await login(t, 'titolare@farmacia-conti.it', 'Titolare-Sicura-2026');
    expect(res.statusCode).toBe(200);
    const whoami = await t.app.inject({ method: 'GET', url: '/api/admin/whoami', headers: bearer(TokenResponseSchema.parse(res.json()).token) });
    expect(whoami.json()).toMatchObject({ data: { role: 'admin', shop_id: shop.id } });
  });

  it('a second run changes nothing, says so, and never creates a second admin', async () => {
    const before = await counts(t);
    const again = await runSetup(t.app.db, PUBLIC_URL, { ...SETUP, admin: { name: 'Altro', email: 'altro@example.it' } });
    expect(again).toEqual({ status: 'already-set-up', admins: ['titolare@farmacia-conti.it'], shops: ['Farmacia Conti'] });
    expect(await counts(t)).toEqual(before);
  });

  it('the command itself: exit 0 and "nessuna modifica" on a set-up database', () => {
    const run = runScript('apps/api/src/cli/setup.ts', ['--non-interactive', '--admin-email', 'x@example.it'], {
      DATA_DIR: t.config.dataDir,
      DATABASE_URL: t.config.databaseUrl,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Installazione già configurata: nessuna modifica.');
  }, SCRIPT_TIMEOUT_MS);
});

describe(`setup without a password: a one-time link (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ publicUrl: PUBLIC_URL, outboxWorker: false });
  });
  afterAll(() => t.close());

  it('prints a PUBLIC_URL link that sets the password once; the admin then logs in', async () => {
    const result = await runSetup(t.app.db, PUBLIC_URL, { ...SETUP, admin: { name: 'Elena Conti', email: 'titolare@farmacia-conti.it' } });
    if (result.status !== 'created' || !result.setPasswordLink) throw new Error('no link');
    const url = new URL(result.setPasswordLink.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/backoffice/password`);
    const body = { email: url.searchParams.get('email'), token: url.searchParams.get('token'), password: 'Scelta-Dal-Titolare-1', password_confirmation: 'Scelta-Dal-Titolare-1' };
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/reset', payload: body })).statusCode).toBe(200);
    expect((await login(t, 'titolare@farmacia-conti.it', 'Scelta-Dal-Titolare-1')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { ...body, password: 'Un-Altra-Ancora-2', password_confirmation: 'Un-Altra-Ancora-2' } })).statusCode).toBe(422);
    expect(await alreadySetUp(t.app.db)).toBeDefined();
  });
});

describe(`invitations of pharmacists (${testEngine})`, () => {
  let t: TestApp;
  let admin: string;
  let shopId: number;
  beforeAll(async () => {
    t = await buildTestApp({ publicUrl: PUBLIC_URL, outboxWorker: false, trustProxy: true });
    admin = (await createAdmin(t.app)).token;
    shopId = (await t.app.db.selectFrom('shops').select('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  const invite = (token: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/admin/staff-invitations', headers: { ...bearer(token), ...headers }, payload });
  const pendingOf = async (shop = shopId) =>
    StaffInvitationListResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/admin/staff-invitations?shop_id=${shop}`, headers: bearer(admin) })).json(),
    ).data;
  const linkIn = (text: string) => {
    const match = /(https?:\/\/\S+\/backoffice\/password\?\S+)/.exec(text);
    if (!match?.[1]) throw new Error('no set-password link in the mail');
    return new URL(match[1]);
  };
  const setPassword = (url: URL, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/reset',
      payload: { email: url.searchParams.get('email'), token: url.searchParams.get('token'), password, password_confirmation: password },
    });

  it('invite → mail in the outbox → set password → the pharmacist logs into the back office; the invitation is no longer pending', async () => {
    const email = uniqueEmail('invitato');
    // A forged Host must not reach the link in the mail.
    const res = await invite(admin, { shop_id: shopId, name: 'Dott. Marco Gallo', email: email.toUpperCase() }, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(res.statusCode).toBe(201);
    const invitation = StaffInvitationResponseSchema.parse(res.json()).data;
    expect(invitation).toMatchObject({ shop_id: shopId, name: 'Dott. Marco Gallo', email, expired: false });
    expect(Date.parse(invitation.expires_at) - Date.parse(invitation.invited_at)).toBeCloseTo(STAFF_INVITATION_TTL_DAYS * 86_400_000, -4);
    expect((await pendingOf()).map((i) => i.email)).toContain(email);

    const [mail] = await outboxRowsTo(t.app, email);
    expect(mail).toMatchObject({ channel: 'email', status: 'pending' });
    expect(mail?.subject).toContain('Il tuo accesso alla gestione della farmacia');
    expect(`${mail?.body_text}${mail?.body_html}`).not.toContain('evil.example');
    const link = linkIn(mail?.body_text ?? '');
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/backoffice/password`);

    // Before the password is set nobody can log in as the invitee.
    expect((await setPassword(link, 'Password-Del-Farmacista-1')).statusCode).toBe(200);
    const logged = await login(t, email, 'Password-Del-Farmacista-1');
    expect(logged.statusCode).toBe(200);
    const whoami = await t.app.inject({ method: 'GET', url: '/api/admin/whoami', headers: bearer(TokenResponseSchema.parse(logged.json()).token) });
    expect(whoami.json()).toMatchObject({ data: { role: 'pharmacist', shop_id: shopId, email } });
    expect((await pendingOf()).map((i) => i.email)).not.toContain(email);
    // The link worked once.
    expect((await setPassword(link, 'Un-Altra-Password-2')).statusCode).toBe(422);
  });

  it('a re-sent invitation voids the old link; an expired one is shown as expired', async () => {
    const email = uniqueEmail('reinvito');
    const { id } = StaffInvitationResponseSchema.parse((await invite(admin, { shop_id: shopId, name: 'Sara Neri', email })).json()).data;
    const first = linkIn((await outboxRowsTo(t.app, email))[0]?.body_text ?? '');
    const resent = await t.app.inject({ method: 'POST', url: `/api/admin/staff-invitations/${id}/resend?shop_id=${shopId}`, headers: bearer(admin) });
    expect(resent.statusCode).toBe(200);
    expect((await setPassword(first, 'Password-Vecchio-Link-1')).statusCode).toBe(422);
    const second = linkIn((await outboxRowsTo(t.app, email))[1]?.body_text ?? '');

    await t.app.db.updateTable('password_resets').set({ expires_at: '2020-01-01T00:00:00.000Z' }).where('used_at', 'is', null).execute();
    expect((await pendingOf()).find((i) => i.id === id)).toMatchObject({ expired: true });
    expect((await setPassword(second, 'Password-Scaduta-1')).statusCode).toBe(422);
  });

  it('only admins invite; a taken email is refused on its field; another shop unknown is 404', async () => {
    const pharmacist = await createPharmacist(t.app, shopId);
    const customer = await createUser(t.app);
    expect((await invite(pharmacist.token, { shop_id: shopId, name: 'X', email: uniqueEmail() })).statusCode).toBe(403);
    expect((await invite(customer.token, { shop_id: shopId, name: 'X', email: uniqueEmail() })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/staff-invitations', headers: bearer(pharmacist.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/staff-invitations' })).statusCode).toBe(401);
    const taken = await invite(admin, { shop_id: shopId, name: 'Doppio', email: pharmacist.user.email });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toBeDefined();
    expect((await invite(admin, { shop_id: 999_999, name: 'X', email: uniqueEmail() })).statusCode).toBe(404);
    const other = await createShop(t.app, 'Farmacia Altra');
    expect(await pendingOf(other)).toEqual([]);
  });
});
