import {
  ApiErrorBodySchema,
  CATEGORY_NOT_FOUND_MESSAGE,
  CategoryResponseSchema,
  ProductSchema,
  PromotionsResponseSchema,
  SearchByCategoryResponseSchema,
} from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testEngine } from '../../../test/build-test-app.js';
import { buildCatalogueTestApp } from '../../../test/factories/catalogue.js';
import type { CatalogueProductInput } from './catalogue-input.js';
import { productNamed } from './test-catalogue.js';

let t: TestApp;
let products: CatalogueProductInput[];

beforeAll(async () => {
  ({ t, products } = await buildCatalogueTestApp());
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

async function categories(query = '') {
  const res = await get(`/api/product/category${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return CategoryResponseSchema.parse(res.json());
}

describe(`GET /api/product/:code (${testEngine})`, () => {
  it('answers the product page fields of spec §3, prices in euro', async () => {
    const input = productNamed(products, 'TACHIPIRINA 500 MG 20 CPR');
    const res = await get(`/api/product/${input.codice_ministeriale}`);
    expect(res.statusCode).toBe(200);
    const product = ProductSchema.parse(res.json());
    expect(product).toMatchObject({
      codice_ministeriale: input.codice_ministeriale,
      nome_prodotto: 'TACHIPIRINA 500 MG 20 CPR',
      descrizione_ditta_1_produttrice: 'Angelini',
      descrizione_pricipio_attivo: 'paracetamolo',
      descrizione_atc: 'N02BE01 - Paracetamolo',
      categoria1: 'Farmaci da banco',
      categoria2: 'Dolore e febbre',
      categoria1_slug: 'farmaci-da-banco',
      categoria2_slug: 'dolore-e-febbre',
      prezzo: (input.price_cents as number) / 100,
      quantita: input.stock,
      immagine: `/api/product/${input.codice_ministeriale}/image`,
      prescription_only: false,
      sop_otc: true,
    });
    expect(product.descrizione).toContain('paracetamolo');
    expect(product.descrizione_estesa_degrassi).toContain('TACHIPIRINA');
    expect(product.categorie.map((c) => c.slug)).toEqual(['farmaci-da-banco', 'dolore-e-febbre']);
  });

  it('flags prescription medicines, which are not SOP/OTC', async () => {
    const aulin = productNamed(products, 'AULIN 100 MG 30 BUST');
    const product = ProductSchema.parse((await get(`/api/product/${aulin.codice_ministeriale}`)).json());
    expect(product.prescription_only).toBe(true);
    expect(product.sop_otc).toBe(false);
    expect(product.categoria1).toBe('Farmaci con ricetta');
  });

  it("answers 404 'Prodotto non trovato' for an unknown or malformed code", async () => {
    for (const code of ['012345678', 'abc', '1', '0123456789012']) {
      const res = await get(`/api/product/${code}`);
      expect(res.statusCode).toBe(404);
      expect(ApiErrorBodySchema.parse(res.json())).toMatchObject({ message: 'Prodotto non trovato', code: 'PRODUCT_NOT_FOUND' });
    }
  });
});

describe(`GET /api/product/category (${testEngine})`, () => {
  it('lists the level-1 categories with their product counts', async () => {
    const r = await categories();
    expect(r.category).toBeNull();
    expect(r.path).toEqual([]);
    const names = r.categories.map((c) => c.name);
    for (const name of ['Farmaci da banco', 'Integratori', 'Dermocosmesi', 'Igiene', 'Mamma e bambino', 'Veterinaria', 'Omeopatia', 'Sanitari']) {
      expect(names).toContain(name);
    }
    const total = r.categories.reduce((sum, c) => sum + c.tot_prodotti, 0);
    expect(total).toBe(products.filter((p) => (p.categorie?.length ?? 0) > 0).length);
    const banco = r.categories.find((c) => c.slug === 'farmaci-da-banco');
    expect(banco).toMatchObject({ level: 1, categoria_pf1: 'Farmaci da banco', categoria_pf2: null, has_children: true });
    expect(banco?.tot_prodotti).toBe(products.filter((p) => p.categorie?.[0] === 'Farmaci da banco').length);
  });

  it('goes down four levels, each with its path and counts', async () => {
    const level2 = await categories('?cat1=farmaci-da-banco');
    expect(level2.category?.slug).toBe('farmaci-da-banco');
    const raffreddore = level2.categories.find((c) => c.slug === 'raffreddore-e-influenza');
    expect(raffreddore).toMatchObject({ level: 2, categoria_pf1: 'Farmaci da banco', categoria_pf2: 'Raffreddore e influenza' });
    expect(raffreddore?.has_children).toBe(true);

    const level3 = await categories('?cat1=farmaci-da-banco&cat2=raffreddore-e-influenza');
    const tosse = level3.categories.find((c) => c.slug === 'tosse');
    expect(tosse).toMatchObject({ level: 3, categoria3_slug: 'tosse', categoria2_slug: 'raffreddore-e-influenza' });

    const level4 = await categories('?cat1=farmaci-da-banco&cat2=raffreddore-e-influenza&cat3=tosse');
    expect(level4.path.map((c) => c.slug)).toEqual(['farmaci-da-banco', 'raffreddore-e-influenza', 'tosse']);
    const grassa = level4.categories.find((c) => c.slug === 'tosse-grassa');
    expect(grassa).toMatchObject({ level: 4, categoria_pf4: 'Tosse grassa', has_children: false });
    expect(grassa?.tot_prodotti).toBeGreaterThan(0); // FLUIMUCIL, FLUIFORT, BISOLVON
    // A parent counts its whole subtree.
    expect(tosse?.tot_prodotti).toBeGreaterThanOrEqual(level4.categories.reduce((s, c) => s + c.tot_prodotti, 0));

    const leaf = await categories('?cat1=farmaci-da-banco&cat2=raffreddore-e-influenza&cat3=tosse&cat4=tosse-grassa');
    expect(leaf.category).toMatchObject({ level: 4, name: 'Tosse grassa' });
    expect(leaf.categories).toEqual([]);
  });

  it("answers 404 'Risultato non trovato / La categoria cercata non è esistente' for an unknown slug at any level", async () => {
    for (const query of ['?cat1=nessuna', '?cat1=farmaci-da-banco&cat2=nessuna', '?cat1=integratori&cat2=raffreddore-e-influenza']) {
      const res = await get(`/api/product/category${query}`);
      expect(res.statusCode).toBe(404);
      expect(ApiErrorBodySchema.parse(res.json())).toMatchObject({ message: CATEGORY_NOT_FOUND_MESSAGE, code: 'CATEGORY_NOT_FOUND' });
    }
    expect(CATEGORY_NOT_FOUND_MESSAGE).toBe('Risultato non trovato / La categoria cercata non è esistente');
  });

  it('refuses a level without the one above it', async () => {
    const res = await get('/api/product/category?cat2=dolore-e-febbre');
    expect(res.statusCode).toBe(422);
    expect(ApiErrorBodySchema.parse(res.json()).errors?.cat2).toEqual(['Indicare anche le categorie dei livelli precedenti.']);
  });
});

describe(`GET /api/product/search body (${testEngine})`, () => {
  it('is UTF-8 JSON of the exact length, accented names intact', async () => {
    const dompe = products.find((p) => p.descrizione_ditta_1_produttrice === 'Dompé');
    if (!dompe) throw new Error('the test catalogue has no Dompé product');
    const res = await get(`/api/product/search?q=${encodeURIComponent(dompe.nome_prodotto)}&rpp=5`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const body = res.json();
    expect(body.responses[0].hits.hits[0]._source).toMatchObject({ nome_prodotto: dompe.nome_prodotto, descrizione_ditta_1_produttrice: 'Dompé' });
  });
});

describe(`GET /api/product/searchByCategory (${testEngine})`, () => {
  it("pages through a category's products, most popular first", async () => {
    const expected = products.filter((p) => p.categorie?.[0] === 'Integratori' && p.categorie?.[1] === 'Fermenti lattici');
    const seen: string[] = [];
    let totPages = 1;
    for (let p = 1; p <= totPages; p++) {
      const res = await get(`/api/product/searchByCategory?slug1=integratori&slug2=fermenti-lattici&rpp=4&p=${p}`);
      expect(res.statusCode).toBe(200);
      const body = SearchByCategoryResponseSchema.parse(res.json());
      totPages = body.totPages;
      expect(body.hits.total).toBe(expected.length);
      expect(body.category).toMatchObject({ slug: 'fermenti-lattici', level: 2 });
      for (const hit of body.hits.hits) {
        expect(hit._source.categoria2_slug).toBe('fermenti-lattici');
        seen.push(hit._id);
      }
    }
    expect(totPages).toBe(Math.ceil(expected.length / 4));
    expect(seen).toEqual(expected.map((p) => p.codice_ministeriale)); // generator order = popularity
  });

  it('lists a level-3 category with the app page size of 12 by default', async () => {
    const res = await get('/api/product/searchByCategory?slug1=dermocosmesi&slug2=viso&slug3=creme-viso');
    const body = SearchByCategoryResponseSchema.parse(res.json());
    expect(body.hits.hits.length).toBeLessThanOrEqual(12);
    expect(body.hits.hits.every((h) => h._source.categorie[2]?.slug === 'creme-viso')).toBe(true);
    expect(body.hits.total).toBe(products.filter((p) => p.categorie?.[2] === 'Creme viso').length);
  });

  it('answers 404 with the category text for an unknown category', async () => {
    const res = await get('/api/product/searchByCategory?slug1=integratori&slug2=nessuna');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(CATEGORY_NOT_FOUND_MESSAGE);
  });
});

describe(`GET /api/product/promotions (${testEngine})`, () => {
  it('lists the products on promotion with their struck-through price', async () => {
    const res = await get('/api/product/promotions?rpp=100');
    expect(res.statusCode).toBe(200);
    const body = PromotionsResponseSchema.parse(res.json());
    const expected = products.filter((p) => p.promo);
    expect(expected.length).toBeGreaterThan(0);
    expect(body.total).toBe(expected.length);
    expect(body.result.map((p) => p.codice_ministeriale)).toEqual(expected.map((p) => p.codice_ministeriale));
    for (const p of body.result) {
      expect(p.promo).toBe(true);
      expect(p.prescription_only).toBe(false);
      expect(p.prezzo_pieno).toBeGreaterThan(p.prezzo);
    }
  });
});

describe(`GET /api/product/:code/image (${testEngine})`, () => {
  it('draws a PNG picture, distinct per product, of the width asked, cacheable with an ETag', async () => {
    const oki = productNamed(products, 'OKI 80 MG 12 BUST');
    const res = await get(`/api/product/${oki.codice_ministeriale}/image`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.rawPayload.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    // IHDR's width: the product page's picture without `w`, a list's thumbnail with w=144.
    expect(res.rawPayload.readUInt32BE(16)).toBe(560);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get(`/api/product/${oki.codice_ministeriale}/image`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    const other = await get(`/api/product/${productNamed(products, 'MOMENT 200 MG 12 CPR').codice_ministeriale}/image`);
    expect(other.headers.etag).not.toBe(etag);
    expect(other.rawPayload.equals(res.rawPayload)).toBe(false);
    const thumbnail = await get(`/api/product/${oki.codice_ministeriale}/image?w=144`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.rawPayload.readUInt32BE(16)).toBe(144);
    expect(thumbnail.headers.etag).not.toBe(etag);
  });

  it('answers 422 for a width that is not drawn', async () => {
    const oki = productNamed(products, 'OKI 80 MG 12 BUST');
    for (const w of ['300', 'abc', '']) {
      const res = await get(`/api/product/${oki.codice_ministeriale}/image?w=${w}`);
      expect(res.statusCode, w).toBe(422);
      const body = ApiErrorBodySchema.parse(res.json());
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.errors?.w).toEqual(['Valore non valido.']);
    }
  });

  it('answers 404 for an unknown product', async () => {
    const res = await get('/api/product/012345678/image');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Prodotto non trovato');
  });
});

describe(`query parameters (${testEngine})`, () => {
  it.each([
    ['/api/product/search?q=tachi&rpp=0', 'rpp'],
    ['/api/product/search?q=tachi&rpp=101', 'rpp'],
    ['/api/product/search?q=tachi&rpp=abc', 'rpp'],
    ['/api/product/search?q=tachi&p=0', 'p'],
    ['/api/product/search?q=tachi&p=-2', 'p'],
    ['/api/product/search?q=tachi&p=1.5', 'p'],
    ['/api/product/search?q=tachi&rpp=100&p=101', 'p'],
    [`/api/product/search?q=${'a'.repeat(101)}`, 'q'],
    ['/api/product/search?q=a&q=b', 'q'],
    ['/api/product/searchByCategory?slug2=viso', 'slug1'],
    ['/api/product/searchByCategory?slug1=dermocosmesi&rpp=500', 'rpp'],
    [`/api/product/category?cat1=${'x'.repeat(81)}`, 'cat1'],
    ['/api/product/promotions?p=zero', 'p'],
  ])('%s answers 422 on %s', async (url, field) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(422);
    const body = ApiErrorBodySchema.parse(res.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.errors ?? {})).toContain(field);
  });
});
