import { deflateSync } from 'node:zlib';
import { ApiErrorBodySchema, MAX_UPLOAD_BYTES, ProductRequestResponseSchema } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../build-test-app.js';
import { SAMPLE_FILES, uploadOf } from '../factories/cart.js';
import { bearer, type CreatedUser, createUser } from '../factories/users.js';

/** Hostile uploads (issue 9): spoofed types, oversize, scripted PDFs, image bombs — refused; the rest served inert. */

/** CRC-32 as PNG chunks use it. */
function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A well-formed PNG header declaring `width`×`height` pixels (8-bit RGBA), with a tiny compressed body. */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  // A few KB of zeros that would inflate into the first rows of a gigantic image.
  const idat = deflateSync(Buffer.alloc(64 * 1024));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

const pdf = (body: string) => Buffer.from(`%PDF-1.7\n${body}\ntrailer <</Root 1 0 R>>\n%%EOF\n`, 'latin1');
const SCRIPTED_PDFS: Record<string, Buffer> = {
  'OpenAction running JavaScript': pdf('1 0 obj <</Type /Catalog /OpenAction <</S /JavaScript /JS (app.alert(1))>> >> endobj'),
  'a /JS name written with #-escapes': pdf('1 0 obj <</Type /Catalog /OpenAction <</S /J#61vaScript /J#53 (app.alert(1))>> >> endobj'),
  'a Launch action': pdf('1 0 obj <</Type /Catalog /OpenAction <</S /Launch /F (cmd.exe)>> >> endobj'),
  'an embedded file': pdf('1 0 obj <</Type /Catalog /Names <</EmbeddedFiles 2 0 R>> >> endobj 2 0 obj <</Type /EmbeddedFile>> endobj'),
  'JavaScript hidden in a compressed object stream': Buffer.concat([
    Buffer.from('%PDF-1.7\n3 0 obj <</Type /ObjStm /Filter /FlateDecode>>\nstream\n', 'latin1'),
    deflateSync(Buffer.from('<</S /JavaScript /JS (this.exportDataObject())>>', 'latin1')),
    Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1'),
  ]),
};

describe(`hostile uploads (${testEngine})`, () => {
  let t: TestApp;
  let owner: CreatedUser;
  const send = (file: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/cart/product_requests', headers: bearer(owner.token), payload: { type: 'search', note: 'Come questa', file } });
  const fileRows = async () => Number((await t.app.db.selectFrom('files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const refusedOnFile = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(res.json()).errors?.file?.[0]).toMatch(/non valido/);
  };

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await createUser(t.app);
  });
  afterAll(() => t.close());

  it('refuses an executable named .png and declared image/png (bytes decide, not the name)', async () => {
    const before = await fileRows();
    refusedOnFile(await send(uploadOf('ricetta.png', SAMPLE_FILES.exe, 'image/png')));
    refusedOnFile(await send(uploadOf('ricetta.pdf', Buffer.from('<html><script>alert(1)</script></html>'), 'application/pdf')));
    expect(await fileRows()).toBe(before);
  });

  it('answers 413 to a file over the limit, and to a body over the upload body limit', async () => {
    const over = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x41);
    over.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const res = await send(uploadOf('enorme.png', over, 'image/png'));
    expect(res.statusCode).toBe(413);
    expect(ApiErrorBodySchema.parse(res.json()).code).toBe('PAYLOAD_TOO_LARGE');
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/cart/product_requests',
      headers: { ...bearer(owner.token), 'content-type': 'application/json' },
      payload: `{"type":"search","note":"x","junk":"${'A'.repeat(15 * 1024 * 1024)}"}`,
    });
    expect(huge.statusCode).toBe(413);
  });

  for (const [label, bytes] of Object.entries(SCRIPTED_PDFS)) {
    it(`refuses a PDF with ${label}`, async () => {
      const before = await fileRows();
      refusedOnFile(await send(uploadOf('ricetta.pdf', bytes)));
      expect(await fileRows()).toBe(before);
    });
  }

  it('accepts an ordinary PDF, even one that opens at its first page (/OpenAction to a page)', async () => {
    const res = await send(uploadOf('ricetta.pdf', pdf('1 0 obj <</Type /Catalog /Pages 2 0 R /OpenAction [3 0 R /Fit]>> endobj 2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj')));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a PNG that declares 100,000 × 100,000 pixels (a decompression bomb for whoever opens it) and accepts a normal one', async () => {
    refusedOnFile(await send(uploadOf('bomba.png', pngDeclaring(100_000, 100_000), 'image/png')));
    const gif = Buffer.from(SAMPLE_FILES.gif);
    gif.writeUInt16LE(65_535, 6);
    gif.writeUInt16LE(65_535, 8);
    refusedOnFile(await send(uploadOf('bomba.gif', gif, 'image/gif')));
    const ok = await send(uploadOf('foto.png', pngDeclaring(1200, 900), 'image/png'));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('serves a stored file inert: its sniffed type, nosniff, a sandboxing CSP, private and uncached', async () => {
    const created = ProductRequestResponseSchema.parse((await send(uploadOf('foto.png', SAMPLE_FILES.gif, 'image/png'))).json()).data;
    const res = await t.app.inject({ method: 'GET', url: created.file?.url ?? '', headers: bearer(owner.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['cache-control']).toContain('no-store');
  });
});
