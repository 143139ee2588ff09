import { AddressResponseSchema, ApiErrorBodySchema, messages } from '@farmacia/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/build-test-app.js';
import { useTestApp } from '../../test/use-test-app.js';
import { createCategoryFor } from '../../test/factories/bookings.js';
import { createCustomer, ensureShop, type TestCustomer } from '../../test/factories/customers.js';
import { bearer, type CreatedUser, createPharmacist } from '../../test/factories/users.js';
import { createShopService } from '../modules/services/services.service.js';

/**
 * Text is stored as sent or refused (issue 21): lone surrogates, NUL and other control characters
 * answer 422 on their field through every kind of field (contract text helpers and plain strings),
 * line breaks only where the field is multi-line, and a body that is not UTF-8 answers 400 instead
 * of being read with replacement characters.
 */

const home = { name: 'Casa', address_1: 'Via Roma 1', city: 'Milano', state_region: 'MI', postal_code: '20121' };
const BAD_TEXTS: Array<[string, string]> = [
  ['a lone high surrogate', 'Via Roma \ud800 1'],
  ['a lone low surrogate', 'Via Roma \udc00 1'],
  ['NUL', 'Via Roma\u0000 1'],
  ['a bell', 'Via Roma\u0007 1'],
  ['an escape', 'Via \u001b[31mRoma'],
  ['DEL', 'Via Roma\u007f'],
  ['a C1 control', 'Via Roma\u0085'],
];

describe(`text is stored as sent or refused (${testEngine})`, () => {
  const t = useTestApp();
  let customer: TestCustomer;
  let pharmacist: CreatedUser;
  let shopService: number;

  beforeAll(async () => {
    const shopId = await ensureShop(t.app);
    customer = await createCustomer(t.app, { shopId });
    pharmacist = await createPharmacist(t.app, shopId);
    const categoryId = await createCategoryFor(t.app, shopId, 'Servizi');
    shopService = await createShopService(t.app.db, { shopId, categoryId, groupId: null, name: 'Consegna', description: '<p>Oggi</p>', priceCents: null });
  });

  const post = (url: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });
  const errorsOf = (res: { json: () => unknown }) => ApiErrorBodySchema.parse(res.json()).errors;

  it.each(BAD_TEXTS)('refuses an address with %s on that field, and stores nothing', async (_, text) => {
    const before = await t.app.db.selectFrom('addresses').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const res = await post('/address', customer.auth, { ...home, address_1: text });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res)).toEqual({ address_1: [messages.validation.invalidCharacters] });
    const after = await t.app.db.selectFrom('addresses').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('stores an address with emoji and accents exactly as sent', async () => {
    const res = await post('/address', customer.auth, { ...home, name: 'Casa 🏠 di Zoë', address_1: 'Via Università 1' });
    expect(res.statusCode, res.body).toBe(201);
    expect(AddressResponseSchema.parse(res.json()).data).toMatchObject({ name: 'Casa 🏠 di Zoë', address_1: 'Via Università 1' });
  });

  it('refuses a line break or tab inside a one-line field', async () => {
    const res = await post('/address', customer.auth, { ...home, city: 'Mil\nano', name: 'Ca\tsa' });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ city: [messages.validation.singleLine], name: [messages.validation.singleLine] });
  });

  it.each(BAD_TEXTS)("refuses a staff member's name with %s", async (_, text) => {
    const res = await post('/admin/staff', bearer(pharmacist.token), { name: text });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res)).toEqual({ name: [messages.validation.invalidCharacters] });
  });

  it('refuses a service request whose note or plain-string service name carries a control character or lone surrogate', async () => {
    const note = await post('/shopservices', customer.auth, { shop_service_id: shopService, note: 'Terzo piano\ud83d' });
    expect(note.statusCode).toBe(422);
    expect(errorsOf(note)).toEqual({ note: [messages.validation.invalidCharacters] });
    const name = await post('/shopservices', customer.auth, { shop_service_id: shopService, shop_service_name: 'Consegna\u0000', note: 'x' });
    expect(name.statusCode).toBe(422);
    expect(errorsOf(name)).toEqual({ shop_service_name: [messages.validation.invalidCharacters] });
  });

  it('keeps the line breaks and tabs of a multi-line note', async () => {
    const res = await post('/shopservices', customer.auth, { shop_service_id: shopService, note: 'Terzo piano\r\n\tcitofono 2 🔔' });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as { data: { note: string } }).data.note).toBe('Terzo piano\r\n\tcitofono 2 🔔');
  });

  it('refuses a nested field by its dotted path and a bad character in a query string', async () => {
    const res = await post('/address', customer.auth, { ...home, extra: { deep: ['ok', 'x\u0001'] } });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ 'extra.deep.1': [messages.validation.invalidCharacters] });
    const query = await t.app.inject({ method: 'GET', url: '/api/address?q=%00', headers: customer.auth });
    expect(query.statusCode).toBe(422);
    expect(errorsOf(query)).toEqual({ q: [messages.validation.invalidCharacters] });
  });

  it('answers 400 to a JSON body that is not valid UTF-8, on the strict parsers of the app and of sign-up', async () => {
    // "Via " then the CESU-8 bytes of a lone surrogate, which a lenient decoder turns into U+FFFD.
    const bytes = Buffer.concat([Buffer.from('{"name":"Casa","address_1":"Via '), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('","city":"Milano","state_region":"MI","postal_code":"20121"}')]);
    for (const url of ['/api/address', '/api/auth/register']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { ...customer.auth, 'content-type': 'application/json' }, payload: bytes });
      expect(res.statusCode, url).toBe(400);
      expect(ApiErrorBodySchema.parse(res.json()).message).toBe(messages.validation.invalidEncoding);
    }
  });
});
