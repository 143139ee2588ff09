import {
  ApiErrorBodySchema,
  CONTENT_KEYS,
  ContentResponseSchema,
  messages,
  OPTION_KEYS,
  OptionsCleanResponseSchema,
  optionResponseSchema,
  PublicOptionSchemas,
  ShopsResponseSchema,
  TokenResponseSchema,
  shopDefaultMessages,
  VersionResponseSchema,
} from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import apiPackage from '../../../package.json' with { type: 'json' };
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { bearer, createShop, createUser } from '../../../test/factories/users.js';
import { nowIso } from '../../db/column.js';
import { seedShopSettings } from '../../db/seed/shop-settings.seed.js';
import { DEMO_PASSWORD, seedDemoUsers } from '../../db/seed/users.seed.js';
import { SLIDE_PNG_WIDTH } from './artwork.js';
import { upsertContent, upsertOption } from './shops.repository.js';

let t: TestApp;
let sanMarco: number;
let centrale: number;

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function loginDemo(email: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } });
  expect(res.statusCode).toBe(200);
  return TokenResponseSchema.parse(res.json()).token;
}

beforeAll(async () => {
  t = await buildTestApp({ outboxWorker: false });
  // The demo shops with their options, content, images and accounts, as seedDemo writes them.
  const shops = await t.app.db
    .insertInto('shops')
    .values([
      { name: 'Farmacia San Marco', created_at: nowIso() },
      { name: 'Farmacia Centrale', created_at: nowIso() },
    ])
    .returning(['id', 'name'])
    .execute();
  [sanMarco, centrale] = shops.map((s) => s.id) as [number, number];
  await seedShopSettings(t.app, shops);
  await seedDemoUsers(t.app, shops);
});
afterAll(() => t.close());

describe(`options (${testEngine})`, () => {
  it('answers every option of spec §3 for the default shop, each in its contract shape', async () => {
    for (const key of OPTION_KEYS) {
      const res = await get(`/api/option/${key}`);
      expect(res.statusCode, key).toBe(200);
      const { data } = optionResponseSchema(key).parse(res.json());
      if (key === 'turni' || key === 'volantino') expect(data, key).toBeNull();
      else expect(data, key).not.toBeNull();
    }
    expect((await get('/api/option/shop_name')).json()).toEqual({ data: 'Farmacia San Marco' });
    expect((await get('/api/option/chatbot')).json()).toEqual({ data: '1' });
    expect((await get('/api/option/galenica')).json()).toEqual({ data: '1' });
  });

  it('parses the JSON options: opening hours per weekday, promotions, slides, featured services, delivery, consents', async () => {
    const hours = optionResponseSchema('open_on').parse((await get('/api/option/open_on')).json()).data;
    expect(hours?.week.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(hours?.week[6]?.intervals).toEqual([]);
    expect(hours?.text).toContain('Lun');

    const promotions = optionResponseSchema('promotions').parse((await get('/api/option/promotions')).json()).data;
    expect(promotions?.length).toBeGreaterThanOrEqual(3);

    const slides = optionResponseSchema('slides_image').parse((await get('/api/option/slides_image')).json()).data ?? [];
    expect(slides).toHaveLength(3);

    const services = optionResponseSchema('select_service').parse((await get('/api/option/select_service')).json()).data;
    expect(services?.map((s) => s.id)).toEqual([1, 2, 3]);

    const shipping = optionResponseSchema('order_shipping_configurations').parse(
      (await get('/api/option/order_shipping_configurations')).json(),
    ).data;
    expect(Object.keys(shipping?.deliveryTypes ?? {}).sort()).toEqual(['address', 'inShop', 'pickupPoint', 'vendingMachine']);
    expect(shipping?.paymentTypes.payInShop?.shippingTypes).toEqual(['inShop']);

    const consents = optionResponseSchema('privacycheck').parse((await get('/api/option/privacycheck')).json()).data;
    expect(consents?.map((c) => [c.key, c.mandatory])).toEqual([
      ['privacy1', true],
      ['privacy2', false],
      ['privacy3', false],
    ]);
    // The mandatory consent is a new shop's: health data have their own explicit consent, never
    // bundled into one the customer cannot refuse (decisions 0410, 0695).
    expect(consents?.[0]?.label).toBe(shopDefaultMessages.privacyConsent);
    for (const consent of consents ?? []) expect(consent.label).not.toMatch(/salute|sanitar/i);
  });

  it("reads the asked shop, else the user's associated shop, else the default", async () => {
    expect((await get(`/api/option/shop_name?shop_id=${centrale}`)).json()).toEqual({ data: 'Farmacia Centrale' });
    const { token } = await createUser(t.app, { shopId: centrale });
    expect((await get('/api/option/shop_name', bearer(token))).json()).toEqual({ data: 'Farmacia Centrale' });
    expect((await get(`/api/option/shop_name?shop_id=${sanMarco}`, bearer(token))).json()).toEqual({ data: 'Farmacia San Marco' });
    // A stale token on a public call reads as anonymous.
    expect((await get('/api/option/shop_name', bearer('scaduto'))).json()).toEqual({ data: 'Farmacia San Marco' });
  });

  it('answers 404 for an unknown key, a private key and an unknown shop; 422 for a malformed shop id', async () => {
    await upsertOption(t.app.db, sanMarco, 'nexi_mac_secret', 'segretissimo', nowIso());
    for (const url of ['/api/option/non_esiste', '/api/option/nexi_mac_secret', '/api/option/shop_name?shop_id=9999']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(ApiErrorBodySchema.parse(res.json()).code).toBe('NOT_FOUND');
    }
    expect((await get('/api/option/shop_name?shop_id=abc')).statusCode).toBe(422);
  });

  it('lists every public option in optionsClean, never a private one, skipping a value stored wrong', async () => {
    await upsertOption(t.app.db, centrale, 'paypal_client_secret', 'segretissimo', nowIso());
    const res = await get(`/api/optionsClean?shop_id=${centrale}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('segretissimo');
    const { data } = OptionsCleanResponseSchema.parse(res.json());
    expect(data.shop_name).toBe('Farmacia Centrale');
    const expected = OPTION_KEYS.filter((k) => k !== 'turni' && k !== 'volantino');
    expect(Object.keys(data).sort()).toEqual([...expected].sort());
    for (const key of expected) expect(PublicOptionSchemas[key].safeParse(data[key]).success, key).toBe(true);

    await upsertOption(t.app.db, centrale, 'promotions', '{not json', nowIso());
    const broken = OptionsCleanResponseSchema.parse((await get(`/api/optionsClean?shop_id=${centrale}`)).json()).data;
    expect(broken.promotions).toBeUndefined();
    expect(broken.shop_name).toBe('Farmacia Centrale');
    expect((await get(`/api/option/promotions?shop_id=${centrale}`)).json()).toEqual({ data: null });
  });
});

describe(`content (${testEngine})`, () => {
  it('answers every content key of spec §3 as HTML', async () => {
    for (const key of CONTENT_KEYS) {
      const res = await get(`/api/content/${key}`);
      expect(res.statusCode, key).toBe(200);
      expect(ContentResponseSchema.parse(res.json()).data, key).toMatch(/<\w+/);
    }
    const faq = ContentResponseSchema.parse((await get('/api/content/faq')).json()).data ?? '';
    expect(faq.match(/<h3>/g)?.length).toBeGreaterThanOrEqual(5);
    const legal = ContentResponseSchema.parse((await get(`/api/content/shop_legal?shop_id=${centrale}`)).json()).data;
    expect(legal).toContain('P.IVA');
  });

  it('strips scripts, event handlers and javascript: links from shop HTML', async () => {
    const shop = await createShop(t.app, 'Farmacia Sanificata');
    await upsertContent(
      t.app.db,
      shop,
      'tos',
      '<p onclick="rubaDati()">Termini</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="https://cdn.example.it/a.png" onerror="x()"><iframe src="https://evil.example"></iframe><a href="/app/privacy" target="_blank">privacy</a>',
      nowIso(),
    );
    const html = ContentResponseSchema.parse((await get(`/api/content/tos?shop_id=${shop}`)).json()).data ?? '';
    expect(html).toContain('<p>Termini</p>');
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(html).toContain('<img src="https://cdn.example.it/a.png" />');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it('answers null for a key the shop has not written and 404 for an unknown key', async () => {
    const shop = await createShop(t.app, 'Farmacia Vuota');
    expect((await get(`/api/content/faq?shop_id=${shop}`)).json()).toEqual({ data: null });
    expect((await get('/api/content/segreti')).statusCode).toBe(404);
  });
});

describe(`shops (${testEngine})`, () => {
  it('lists every shop to a visitor', async () => {
    const body = ShopsResponseSchema.parse((await get('/api/shops')).json());
    expect(body.userShop).toBeNull();
    expect(body.data.slice(0, 2)).toEqual([
      { id: sanMarco, name: 'Farmacia San Marco' },
      { id: centrale, name: 'Farmacia Centrale' },
    ]);
  });

  it("lists the demo customer's two linked shops and switches the associated one", async () => {
    const token = await loginDemo('cliente@farmacia.demo');
    const before = ShopsResponseSchema.parse((await get('/api/shops', bearer(token))).json());
    expect(before).toEqual({
      data: [
        { id: sanMarco, name: 'Farmacia San Marco' },
        { id: centrale, name: 'Farmacia Centrale' },
      ],
      userShop: { id: sanMarco, name: 'Farmacia San Marco' },
    });
    const res = await t.app.inject({ method: 'PUT', url: '/api/shops', headers: bearer(token), payload: { shop_id: centrale } });
    expect(res.statusCode).toBe(200);
    expect(ShopsResponseSchema.parse(res.json()).userShop).toEqual({ id: centrale, name: 'Farmacia Centrale' });
    // The same token now reads the new shop's options.
    expect((await get('/api/option/shop_name', bearer(token))).json()).toEqual({ data: 'Farmacia Centrale' });
    const back = await t.app.inject({ method: 'PUT', url: '/api/shops', headers: bearer(token), payload: { shop_id: String(sanMarco) } });
    expect(ShopsResponseSchema.parse(back.json()).userShop?.id).toBe(sanMarco);
  });

  it('refuses a shop the user is not linked to (422), an unknown shop (404), a bad id (422) and a visitor (401)', async () => {
    const { token } = await createUser(t.app, { shopId: sanMarco });
    const put = (payload: Record<string, unknown>, headers: Record<string, string> = bearer(token)) =>
      t.app.inject({ method: 'PUT', url: '/api/shops', headers, payload });
    const notLinked = await put({ shop_id: centrale });
    expect(notLinked.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(notLinked.json()).errors).toEqual({ shop_id: [messages.shop.notLinked] });
    expect((await put({ shop_id: 9999 })).statusCode).toBe(404);
    const bad = await put({ shop_id: 'uno' });
    expect(bad.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(bad.json()).errors).toEqual({ shop_id: [messages.shop.select] });
    expect((await put({ shop_id: centrale }, {})).statusCode).toBe(401);
  });
});

/** Width and height from a PNG's IHDR, after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe(`logo and media (${testEngine})`, () => {
  it('serves a real PNG logo per shop with a validator and cache headers, 304 when unchanged', async () => {
    const res = await get('/api/logo/logo.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(pngSize(res.rawPayload)).toEqual({ width: 256, height: 256 });
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/api/logo/logo.png', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const other = await get(`/api/logo/logo.png?shop_id=${centrale}`);
    expect(other.headers.etag).not.toBe(etag);
    // A shop without a stored logo still gets a generated one.
    const bare = await createShop(t.app, 'Farmacia Senza Logo');
    expect(pngSize((await get(`/api/logo/logo.png?shop_id=${bare}`)).rawPayload).width).toBe(256);
  });

  it('serves the carousel slides (PNG) and promotion pictures (SVG) the options point to', async () => {
    const slides = optionResponseSchema('slides_image').parse((await get('/api/option/slides_image')).json()).data ?? [];
    const promotions = optionResponseSchema('promotions').parse((await get('/api/option/promotions')).json()).data ?? [];
    const ecommerceLogo = (await get('/api/option/ecommerce_logo')).json().data as string;
    // The slides are PNGs of the width the seed draws (decision 0647): a picture document each would be home's largest task.
    expect(slides.length).toBeGreaterThan(0);
    for (const url of slides.map((s) => s.image)) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('image/png');
      expect(pngSize(res.rawPayload), url).toEqual({ width: SLIDE_PNG_WIDTH, height: (SLIDE_PNG_WIDTH * 5) / 12 });
      expect((await get(url, { 'if-none-match': res.headers.etag as string })).statusCode).toBe(304);
    }
    const urls = [...promotions.map((p) => p.image as string), ecommerceLogo];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('image/svg+xml');
      expect(res.body, url).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
      expect((await get(url, { 'if-none-match': res.headers.etag as string })).statusCode).toBe(304);
    }
  });

  it('answers 404 for unknown or malformed media', async () => {
    for (const url of [`/api/media/${sanMarco}/slide-9.svg`, `/api/media/${sanMarco}/..%2Fsecrets`, '/api/media/abc/slide-1.svg', '/api/media/0/logo.png']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});

describe(`GET /api/ version (${testEngine})`, () => {
  it('answers the API version with a strong ETag and 304 on If-None-Match', async () => {
    for (const url of ['/api/', '/api']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(VersionResponseSchema.parse(res.json())).toEqual({ version: apiPackage.version, data_version: '0' });
      const etag = res.headers.etag as string;
      expect(etag).toMatch(/^"[^"]+"$/);
      const cached = await get(url, { 'if-none-match': etag });
      expect(cached.statusCode).toBe(304);
      expect(cached.body).toBe('');
      expect((await get(url, { 'if-none-match': `"altro", ${etag}` })).statusCode).toBe(304);
      expect((await get(url, { 'if-none-match': '"vecchio"' })).statusCode).toBe(200);
    }
  });
});

describe(`demo accounts (${testEngine})`, () => {
  it('lets every demo account log in: the customer also by phone; the renewal customer is privacy-gated', async () => {
    for (const email of ['cliente@farmacia.demo', 'rinnovo@farmacia.demo', 'farmacista@farmacia.demo', 'admin@farmacia.demo']) {
      await loginDemo(email);
    }
    await loginDemo('3331234567@phonenumber');
    const renewal = await loginDemo('rinnovo@farmacia.demo');
    const check = await t.app.inject({ method: 'POST', url: '/api/auth/check', headers: bearer(renewal) });
    expect(check.json().user).toMatchObject({ checkprivacy: 1, role: 'customer' });
    const pharmacist = await loginDemo('farmacista@farmacia.demo');
    const whoami = await get('/api/admin/whoami', bearer(pharmacist));
    expect(whoami.json().data).toMatchObject({ role: 'pharmacist', shop_id: sanMarco, name: 'Luca Bianchi' });
  });
});
