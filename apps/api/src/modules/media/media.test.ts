import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../../../test/build-test-app.js';
import { ensureShop } from '../../../test/factories/customers.js';
import { nowIso } from '../../db/column.js';
import { addDays, romeDay } from '../bookings/rome-time.js';
import { longItalianDay } from './media.service.js';

/** The latin1 text of a PDF, after checking it is one (header, xref offsets, trailer). */
function pdfText(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 4)).toBe('xref');
  const first = /\n0000000000 65535 f \n(\d{10}) 00000 n /.exec(text.slice(startxref));
  expect(text.slice(Number(first?.[1]), Number(first?.[1]) + 7)).toBe('1 0 obj');
  return text;
}

describe(`flyer and shifts PDFs (${testEngine})`, () => {
  let t: TestApp;
  let shopId: number;
  const today = romeDay(new Date());

  beforeAll(async () => {
    t = await buildTestApp({ outboxWorker: false });
    shopId = await ensureShop(t.app, 'Farmacia Test');
    const at = nowIso();
    await t.app.db
      .insertInto('duty_shifts')
      .values([
        {
          shop_id: shopId,
          day: addDays(today, 1),
          start_time: '19:30',
          end_time: '08:30',
          pharmacy_name: 'Farmacia Al Duomo',
          address: 'Piazza Duomo 3, Padova',
          phone: '049 660 1122',
          is_own_shop: 0,
          created_at: at,
        },
        {
          shop_id: shopId,
          day: addDays(today, 2),
          start_time: '08:30',
          end_time: '19:30',
          pharmacy_name: 'Farmacia Test',
          address: 'Via Roma 12, Padova',
          phone: null,
          is_own_shop: 1,
          created_at: at,
        },
        {
          shop_id: shopId,
          day: addDays(today, -3),
          start_time: '19:30',
          end_time: '08:30',
          pharmacy_name: 'Farmacia del Passato',
          address: 'Via Vecchia 1',
          phone: null,
          is_own_shop: 0,
          created_at: at,
        },
      ])
      .execute();
    const promotions = [
      { id: 1, title: 'Solari -20%', description: 'Sconto sulle creme (anche "bambini").', image: null, valid_from: addDays(today, -5), valid_to: addDays(today, 20), url: null },
      { id: 2, title: 'Offerta scaduta', description: 'Non più valida.', image: null, valid_from: addDays(today, -40), valid_to: addDays(today, -1), url: null },
    ];
    await t.app.db
      .insertInto('options')
      .values({ shop_id: shopId, key: 'promotions', value: JSON.stringify(promotions), updated_at: at })
      .execute();
  });
  afterAll(() => t.close());

  it('renders the on-duty shifts of the coming weeks from the shop calendar', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/media/turni.pdf?shop_id=${shopId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="turni.pdf"');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('(Turni di servizio delle farmacie) Tj');
    expect(text).toContain(`(${Buffer.from(longItalianDay(addDays(today, 1)), 'latin1').toString('latin1')}) Tj`);
    expect(text).toContain('(Dalle 19:30 alle 08:30 del giorno dopo \u00b7 Farmacia Al Duomo) Tj');
    expect(text).toContain('(Dalle 08:30 alle 19:30 \u00b7 Farmacia Test \\(questa farmacia\\)) Tj');
    expect(text).not.toContain('Farmacia del Passato');
  });

  it('renders the flyer from the promotions still valid', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/media/volantino.pdf?shop_id=${shopId}` });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('(Volantino delle offerte) Tj');
    expect(text).toContain('(Solari -20%) Tj');
    expect(text).toContain('(Sconto sulle creme \\(anche "bambini"\\).) Tj');
    expect(text).not.toContain('Offerta scaduta');
  });

  it('answers 304 to a client that has the current version', async () => {
    const first = await t.app.inject({ method: 'GET', url: `/api/media/turni.pdf?shop_id=${shopId}` });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/media/turni.pdf?shop_id=${shopId}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves a PDF the shop uploaded instead of the rendered one', async () => {
    const own = Buffer.from('%PDF-1.4\n% the pharmacy’s own flyer\n%%EOF\n');
    await t.app.db
      .insertInto('shop_media')
      .values({
        shop_id: shopId,
        name: 'volantino.pdf',
        content_type: 'application/pdf',
        data_base64: own.toString('base64'),
        etag: `"${createHash('sha256').update(own).digest('hex').slice(0, 20)}"`,
        updated_at: nowIso(),
      })
      .execute();
    const res = await t.app.inject({ method: 'GET', url: `/api/media/volantino.pdf?shop_id=${shopId}` });
    expect(res.rawPayload.equals(own)).toBe(true);
  });

  it('answers 404 for a shop that does not exist', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/media/turni.pdf?shop_id=999' })).statusCode).toBe(404);
  });
});
