import {
  AdminContentListResponseSchema,
  AdminContentResponseSchema,
  AdminOptionsResponseSchema,
  AuditListResponseSchema,
  ContentPreviewResponseSchema,
  ContentResponseSchema,
  MAX_UPLOAD_BYTES,
  OptionsCleanResponseSchema,
  ShopUploadResponseSchema,
  VersionResponseSchema,
} from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { apiCaller } from '../../../test/factories/api-call.js';
import { type CreatedUser, createBackOfficeCast } from '../../../test/factories/users.js';
import { encodePng } from './png.js';

/**
 * Issue 8, "Shop": the options editor (payment secrets never answered, never in the trail) and
 * the content editor (hostile HTML stored and answered harmless), each change seen by the app's
 * version poll. One app for the file: the tests build on each other's shop state.
 */
describe('back office: shop options and content', () => {
  let t: TestApp;
  // Two shops, a customer, a pharmacist of each shop, an admin (createBackOfficeCast).
  let shopId: number, otherShopId: number;
  let customer: CreatedUser, pharmacist: CreatedUser, otherPharmacist: CreatedUser, admin: CreatedUser;

  beforeAll(async () => {
    t = await buildTestApp();
    ({ shopId, otherShopId, customer, pharmacist, otherPharmacist, admin } = await createBackOfficeCast(t.app));
  });
  afterAll(() => t.close());

  const call = apiCaller(() => t.app);

  const hours = {
    text: 'Lun–Sab 8:30–19:30 · Dom chiuso',
    week: [1, 2, 3, 4, 5, 6].map((day) => ({ day, label: 'giorno', intervals: [{ from: '08:30', to: '19:30' }] })),
  };
  const SECRET = 'super-segreto-mac-1234567890';

  const ROUTES: Array<['GET' | 'POST' | 'PUT', string, unknown?]> = [
    ['GET', '/admin/options'],
    ['PUT', '/admin/options', { options: { shop_name: 'X' } }],
    ['POST', '/admin/options/media', { target: 'slide', file: { name: 'a.png', type: 'image/png', base64: 'iVBORw0KGgo=' } }],
    ['GET', '/admin/content'],
    ['POST', '/admin/content/preview', { html: '<p>x</p>' }],
    ['PUT', '/admin/content/faq', { html: '<p>x</p>' }],
  ];
  for (const [method, url, body] of ROUTES) {
    it(`${method} ${url}: 401 anonymous, 403 customer (also with a bad body)`, async () => {
      expect((await call(null, method, url, body)).statusCode).toBe(401);
      expect((await call(customer, method, url, body)).statusCode).toBe(403);
      if (method !== 'GET') expect((await call(customer, method, url, { junk: 1 })).statusCode).toBe(403);
    });
  }

  it('saves every kind of option and answers them; the customer app reads them and its version poll changes', async () => {
    const before = await call(null, 'GET', '/');
    const etag = before.headers.etag as string;
    const version = VersionResponseSchema.parse(before.json());
    const options = {
      shop_name: 'Farmacia Centrale Dr. Bianchi',
      call_number: '+39 02 1234567',
      whatsapp_number: '39 320 1234567',
      whatsapp_text: 'Buongiorno, vorrei un’informazione',
      open_on: hours,
      chatbot: '1',
      galenica: '0',
      turni: '/api/media/turni.pdf?shop_id=1',
      volantino: 'https://www.example.it/volantino.pdf',
      ecommerce_link: 'https://shop.example.it',
      ecommerce_logo: '/api/media/1/logo-shop.png',
      select_service: [{ id: 1, name: 'Misurazione pressione' }],
      slides_image: [{ image: '/api/media/1/slide-1.svg', url: '/app/services', alt: 'Servizi' }],
      cart_note: 'Ritiro in farmacia dopo la conferma.',
      privacycheck: [{ key: 'privacy1', label: 'Accetto', mandatory: true, link: '/app/privacy' }],
      promotions: [],
      order_shipping_configurations: {
        deliveryTypes: {
          inShop: { enabled: true, label: 'Ritiro in farmacia', methods: [{ type: 'inShop', label: 'Ritiro', price: 0, free_above: null }] },
          vendingMachine: { enabled: false, label: 'Distributore', methods: [] },
          pickupPoint: { enabled: false, label: 'Punto di ritiro', methods: [] },
          address: { enabled: true, label: 'Consegna', methods: [{ type: 'courier', label: 'Corriere', price: 5.9, free_above: 49 }] },
        },
        paymentTypes: { payOnline: { label: 'Carta', description: 'Pagamento anticipato', shippingTypes: ['inShop', 'address'] } },
      },
    };
    const res = await call(pharmacist, 'PUT', '/admin/options', { options });
    expect(res.statusCode, res.body).toBe(200);
    const saved = AdminOptionsResponseSchema.parse(res.json()).data;
    expect(saved.shop_id).toBe(shopId);
    expect(saved.options.open_on).toEqual({ timezone: 'Europe/Rome', ...hours });
    expect(saved.options.slides_image).toEqual(options.slides_image);

    const app = OptionsCleanResponseSchema.parse((await call(customer, 'GET', '/optionsClean')).json()).data;
    expect(app.open_on?.text).toBe(hours.text);
    expect(app.chatbot).toBe('1');
    expect(app.whatsapp_number).toBe('39 320 1234567');

    const after = await call(null, 'GET', '/', undefined);
    expect(after.headers.etag).not.toBe(etag);
    expect(VersionResponseSchema.parse(after.json()).data_version).not.toBe(version.data_version);
    const unchanged = await t.app.inject({ method: 'GET', url: '/api/', headers: { 'if-none-match': after.headers.etag as string } });
    expect(unchanged.statusCode).toBe(304);

    // null removes one option; the others stay.
    const removed = AdminOptionsResponseSchema.parse((await call(pharmacist, 'PUT', '/admin/options', { options: { cart_note: null } })).json()).data;
    expect(removed.options.cart_note).toBeNull();
    expect(removed.options.shop_name).toBe(options.shop_name);
  });

  it('refuses bad values with Italian messages under the field, and changes nothing', async () => {
    const res = await call(pharmacist, 'PUT', '/admin/options', {
      options: {
        call_number: 'chiamaci',
        chatbot: 'si',
        ecommerce_link: 'javascript:alert(1)',
        open_on: { text: '', week: [{ day: 1, label: 'Lun', intervals: [{ from: '19:00', to: '08:00' }] }] },
        slides_image: [{ image: 'javascript:alert(1)', url: '', alt: 'x' }],
        promotions: [{ id: 'uno' }],
      },
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json() as { errors: Record<string, string[]> };
    expect(errors['options.call_number']).toEqual(['Inserire un numero di telefono valido.']);
    expect(errors['options.chatbot']?.[0]).toMatch(/atteso '1'/);
    expect(errors['options.ecommerce_link']).toEqual(['Inserire un indirizzo che inizia con https://.']);
    expect(errors['options.open_on.text']).toEqual(['Campo obbligatorio.']);
    expect(errors['options.open_on.week.0.intervals.0.to']).toEqual(["L'orario di chiusura deve seguire quello di apertura."]);
    expect(errors['options.slides_image.0.image']?.[0]).toMatch(/https:\/\//);
    expect(errors['options.promotions.0.id']).toEqual(['Valore non valido.']);
    const unknownKey = await call(pharmacist, 'PUT', '/admin/options', { options: { payment_providers: '{}' } });
    expect(unknownKey.statusCode).toBe(422);
    const now = AdminOptionsResponseSchema.parse((await call(pharmacist, 'GET', '/admin/options')).json()).data;
    expect(now.options.call_number).toBe('+39 02 1234567');
  });

  it('stores payment credentials but never answers the secrets; an empty secret keeps the stored one; the trail masks them', async () => {
    const res = await call(pharmacist, 'PUT', '/admin/options', {
      payment_providers: {
        nexi: { alias: 'ALIAS_CENTRALE', macKey: SECRET, url: '' },
        paypal: { clientId: 'client-centrale', clientSecret: `${SECRET}-paypal`, webhookId: 'WH-1' },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(SECRET);
    const masked = AdminOptionsResponseSchema.parse(res.json()).data.payment_providers;
    expect(masked.nexi).toEqual({ alias: 'ALIAS_CENTRALE', url: null, macKey_set: true });
    expect(masked.paypal?.clientSecret_set).toBe(true);

    // The alias changes, the empty secret keeps the stored key.
    const kept = await call(pharmacist, 'PUT', '/admin/options', { payment_providers: { nexi: { alias: 'ALIAS_NUOVO', macKey: '' } } });
    expect(kept.statusCode).toBe(200);
    const stored = await t.app.db
      .selectFrom('options')
      .select('value')
      .where('shop_id', '=', shopId)
      .where('key', '=', 'payment_providers')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.value).nexi).toEqual({ alias: 'ALIAS_NUOVO', macKey: SECRET });

    // A provider set up for the first time needs its secret.
    const missing = await call(pharmacist, 'PUT', '/admin/options', { payment_providers: { gestpay: { shopLogin: 'GESPAY1', apiKey: '' } } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors['payment_providers.gestpay.apiKey']).toEqual(['Inserire la chiave segreta.']);

    expect((await call(pharmacist, 'GET', '/admin/options')).body).not.toContain(SECRET);
    expect((await call(customer, 'GET', '/optionsClean')).body).not.toContain(SECRET);
    expect((await call(customer, 'GET', '/option/payment_providers')).statusCode).toBe(404);
    const trail = AuditListResponseSchema.parse((await call(admin, 'GET', `/admin/audit?shop_id=${shopId}&entity=options`)).json());
    expect(trail.data.length).toBeGreaterThanOrEqual(3);
    const text = JSON.stringify(trail.data);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(SECRET.slice(-4));
    expect(trail.data.every((e) => e.user_id === pharmacist.user.id)).toBe(true);
  });

  it('keeps a pharmacist on their own shop, and lets an admin pick one', async () => {
    await call(otherPharmacist, 'PUT', '/admin/options', { shop_id: shopId, options: { shop_name: 'Dirottata' } });
    const mine = AdminOptionsResponseSchema.parse((await call(pharmacist, 'GET', '/admin/options')).json()).data;
    expect(mine.options.shop_name).toBe('Farmacia Centrale Dr. Bianchi');
    const theirs = AdminOptionsResponseSchema.parse((await call(otherPharmacist, 'GET', `/admin/options?shop_id=${shopId}`)).json()).data;
    expect(theirs.shop_id).toBe(otherShopId);
    expect(theirs.options.shop_name).toBe('Dirottata');
    expect(theirs.payment_providers.nexi).toBeNull();

    const byAdmin = await call(admin, 'PUT', '/admin/options', { shop_id: otherShopId, options: { galenica: '1' } });
    expect(AdminOptionsResponseSchema.parse(byAdmin.json()).data.shop_id).toBe(otherShopId);
    expect((await call(admin, 'GET', '/admin/options?shop_id=99999')).statusCode).toBe(404);
  });

  it('uploads a slide picture and a shifts PDF through the upload checks, and refuses the wrong or dangerous ones', async () => {
    const png = encodePng(4, 2, new Uint8Array(4 * 2 * 4).fill(200));
    const slide = await call(pharmacist, 'POST', '/admin/options/media', {
      target: 'slide',
      file: { name: 'estate.png', type: 'image/png', base64: `data:image/png;base64,${png.toString('base64')}` },
    });
    expect(slide.statusCode).toBe(201);
    const { url } = ShopUploadResponseSchema.parse(slide.json()).data;
    expect(url).toMatch(new RegExp(`^/api/media/${shopId}/slide-[0-9a-f]{12}\\.png$`));
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n', 'latin1');
    const shifts = await call(pharmacist, 'POST', '/admin/options/media', {
      target: 'turni',
      file: { name: 'turni.pdf', type: 'application/pdf', base64: pdf.toString('base64') },
    });
    expect(shifts.statusCode).toBe(201);
    const option = (await call(customer, 'GET', '/option/turni')).json() as { data: string };
    expect(option.data).toBe(`/api/media/turni.pdf?shop_id=${shopId}`);
    const file = await t.app.inject({ method: 'GET', url: option.data });
    expect(file.rawPayload.equals(pdf)).toBe(true);

    const wrongKind = await call(pharmacist, 'POST', '/admin/options/media', {
      target: 'volantino',
      file: { name: 'volantino.png', type: 'image/png', base64: png.toString('base64') },
    });
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json().errors.file).toEqual(['Per questo campo sono accettati solo file PDF.']);
    const scripted = Buffer.from('%PDF-1.7\n1 0 obj <</Type /Catalog /OpenAction <</S /JavaScript /JS (app.alert(1))>> >> endobj\n%%EOF\n', 'latin1');
    const evil = await call(pharmacist, 'POST', '/admin/options/media', {
      target: 'volantino',
      file: { name: 'volantino.pdf', type: 'application/pdf', base64: scripted.toString('base64') },
    });
    expect(evil.statusCode).toBe(422);
    expect((await call(customer, 'GET', '/option/volantino')).json().data).toBe('https://www.example.it/volantino.pdf');
    const huge = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x25).toString('base64');
    const tooBig = await call(pharmacist, 'POST', '/admin/options/media', {
      target: 'volantino',
      file: { name: 'enorme.pdf', type: 'application/pdf', base64: huge },
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toMatch(/enorme\.pdf/);
  });

  const HOSTILE =
    '<h2>Domande</h2><p onclick="alert(1)">Orari <b>estesi</b></p><script>alert(2)</script>' +
    '<img src="x" onerror="alert(3)"><a href="javascript:alert(4)">link</a><iframe src="https://evil.example"></iframe>' +
    '<a href="https://www.example.it" target="_blank">sito</a><p style="background:url(javascript:alert(5))">stile</p>';
  const FORBIDDEN = [/<script/i, /onclick/i, /onerror/i, /javascript:/i, /<iframe/i, /style=/i];

  it('previews and saves content sanitized; the app gets the same harmless HTML and sees the change in its poll', async () => {
    const preview = await call(pharmacist, 'POST', '/admin/content/preview', { html: HOSTILE });
    expect(preview.statusCode).toBe(200);
    const previewed = ContentPreviewResponseSchema.parse(preview.json()).data.html;
    for (const f of FORBIDDEN) expect(previewed).not.toMatch(f);

    const etag = (await call(null, 'GET', '/')).headers.etag;
    const res = await call(pharmacist, 'PUT', '/admin/content/faq', { html: HOSTILE });
    expect(res.statusCode).toBe(200);
    const saved = AdminContentResponseSchema.parse(res.json()).data;
    expect(saved.key).toBe('faq');
    expect(saved.html).toBe(previewed);
    expect(saved.html).toContain('<b>estesi</b>');
    expect(saved.html).toContain('rel="noopener noreferrer"');
    for (const f of FORBIDDEN) expect(saved.html).not.toMatch(f);
    expect((await call(null, 'GET', '/')).headers.etag).not.toBe(etag);

    const stored = await t.app.db.selectFrom('contents').select('value').where('shop_id', '=', shopId).where('key', '=', 'faq').executeTakeFirstOrThrow();
    for (const f of FORBIDDEN) expect(stored.value).not.toMatch(f);
    const app = ContentResponseSchema.parse((await call(customer, 'GET', '/content/faq')).json()).data;
    expect(app).toBe(saved.html);

    const list = AdminContentListResponseSchema.parse((await call(pharmacist, 'GET', '/admin/content')).json()).data;
    expect(list.map((e) => e.key)).toEqual(['faq', 'privacy', 'tos', 'privacycheck', 'thankyou_note', 'orderconfirmed_note', 'shop_name', 'shop_legal', 'shop_url']);
    expect(list.find((e) => e.key === 'faq')?.html).toBe(saved.html);
    expect(list.find((e) => e.key === 'tos')?.html).toBeNull();
  });

  it('answers 404 for an unknown content key and for another shop (before the body), 422 for a body that is not HTML text', async () => {
    expect((await call(pharmacist, 'PUT', '/admin/content/segreto', { html: '<p>x</p>' })).statusCode).toBe(404);
    expect((await call(pharmacist, 'PUT', '/admin/content/segreto', {})).statusCode).toBe(404);
    const bad = await call(pharmacist, 'PUT', '/admin/content/tos', { html: 42 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.html).toEqual(['Campo obbligatorio.']);
    // The other shop's pharmacist writes their own shop's page, whatever shop_id says.
    await call(otherPharmacist, 'PUT', '/admin/content/tos', { shop_id: shopId, html: '<p>Termini concorrenti</p>' });
    expect(ContentResponseSchema.parse((await call(customer, 'GET', '/content/tos')).json()).data).toBeNull();
  });
});
