import { describe, expect, it, vi } from 'vitest';
import { brandInitials, ProductImages, productSvg } from './product-image.js';

const subject = { codice_ministeriale: '012745093', nome_prodotto: 'TACHIPIRINA 500 MG 20 CPR', image: null };
const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** Width and height from a PNG's header (IHDR), after its 8-byte signature. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(0, 8).equals(png.subarray(0, 8))).toBe(true);
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

function fakeFetch(status: number, type = 'image/png', body: Buffer = png) {
  return vi.fn(async (_url: string | URL | Request) => new Response(new Uint8Array(body), { status, headers: { 'content-type': type } }));
}

describe('product images', () => {
  it('draws a distinct picture of the pack, with the name and form in words only at the page width', () => {
    const svg = productSvg(subject, 560);
    expect(svg).toContain('>TA<');
    expect(svg).toContain('>TACHIPIRINA 500 MG 20 CPR<');
    expect(svg).toContain('Compresse · 012745093');
    const thumbnail = productSvg(subject, 144);
    expect(thumbnail).toContain('>TA<');
    expect(thumbnail).not.toContain('TACHIPIRINA');
    expect(thumbnail).not.toContain('Compresse');
    expect(productSvg({ ...subject, codice_ministeriale: '025302048' }, 560)).not.toBe(svg);
    expect(productSvg({ codice_ministeriale: '1', nome_prodotto: '<script>alert(1)</script> & co', image: null } as never, 560)).not.toContain('<script>');
    expect(brandInitials('LA ROCHE-POSAY EFFACLAR GEL 200 ML')).toBe('LR');
    expect(brandInitials('MOMENT 200 MG 12 CPR')).toBe('MO');
  });

  it('draws a PNG of the width asked when no leaflet service is configured, once per product and width', async () => {
    const images = new ProductImages(undefined);
    const page = await images.image(subject);
    expect(page.contentType).toBe('image/png');
    expect(page.maxAge).toBe(86_400);
    expect(pngSize(page.bytes)).toEqual([560, 560]);
    const thumbnail = await images.image(subject, 144);
    expect(pngSize(thumbnail.bytes)).toEqual([144, 144]);
    expect(thumbnail.etag).not.toBe(page.etag);
    // Kept: the same bytes, not drawn again.
    expect((await images.image(subject, 144)).bytes).toBe(thumbnail.bytes);
  });

  it("draws the brand's initials with the font it ships, whatever fonts the machine has", async () => {
    // Same code (colour) and form (pack): only the initials differ, TA and MO.
    const images = new ProductImages(undefined);
    const tachipirina = await images.image(subject, 144);
    const moment = await images.image({ ...subject, nome_prodotto: 'MOMENT 200 MG 12 CPR' }, 144);
    expect(moment.bytes.equals(tachipirina.bytes)).toBe(false);
  });

  it('relays the leaflet picture, asking by code, and keeps it in memory', async () => {
    const fetch = fakeFetch(200);
    const images = new ProductImages('https://leaflet.example.it/img/{code}.jpg', fetch as unknown as typeof globalThis.fetch);
    const image = await images.image(subject);
    expect(image.contentType).toBe('image/png');
    expect(image.bytes.equals(png)).toBe(true);
    expect(String(fetch.mock.calls[0]?.[0])).toBe('https://leaflet.example.it/img/012745093.jpg');
    await images.image(subject);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("uses the product's own file name in the service, never a foreign address", async () => {
    const fetch = fakeFetch(200);
    const images = new ProductImages('https://leaflet.example.it/img', fetch as unknown as typeof globalThis.fetch);
    await images.image({ ...subject, image: 'tachipirina.png' });
    expect(String(fetch.mock.calls[0]?.[0])).toBe('https://leaflet.example.it/img/tachipirina.png');
    const drawn = await images.image({ ...subject, image: 'https://elsewhere.example.com/x.png' });
    expect(drawn.contentType).toBe('image/png');
    expect(drawn.bytes.equals(png)).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('falls back to the drawing when the service fails or answers something that is not a picture', async () => {
    for (const fetch of [fakeFetch(404), fakeFetch(200, 'text/html'), fakeFetch(200, 'image/svg+xml'), vi.fn(async () => Promise.reject(new Error('down')))]) {
      const image = await new ProductImages('https://leaflet.example.it/', fetch as unknown as typeof globalThis.fetch).image(subject);
      expect(image.contentType).toBe('image/png');
      expect(pngSize(image.bytes)).toEqual([560, 560]);
      expect(image.maxAge).toBe(600);
    }
  });
});
