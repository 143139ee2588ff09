import { minsanCheckDigit, type SearchResponse, SearchResponseSchema } from '@farmacia/contract';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { secondInstance, type TestApp, testEngine } from '../../test/build-test-app.js';
import { buildCatalogueTestApp } from '../../test/factories/catalogue.js';
import { openDatabase } from '../db/database.js';
import type { CatalogueProductInput } from '../modules/catalogue/catalogue-input.js';
import * as repo from '../modules/catalogue/catalogue.repository.js';
import { writeProducts } from '../modules/catalogue/catalogue-writer.js';
import { productNamed } from '../modules/catalogue/test-catalogue.js';
import { PostgresSearch } from './postgres.js';
import { foldText, queryWords, Vocabulary } from './query-text.js';

/**
 * Search relevance and paging through GET /api/product/search, on the engine under test, over
 * the 500-product test catalogue (real brands first, then the generated long tail).
 */

let t: TestApp;
let products: CatalogueProductInput[];

beforeAll(async () => {
  ({ t, products } = await buildCatalogueTestApp());
});
afterAll(() => t.close());

async function search(q: string, rpp = 10, p = 1): Promise<SearchResponse> {
  const res = await t.app.inject({ url: '/api/product/search', query: { q, rpp: String(rpp), p: String(p) } });
  expect(res.statusCode, res.body).toBe(200);
  return SearchResponseSchema.parse(res.json());
}

const defaultShopId = async () => (await t.app.db.selectFrom('shops').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id;

const names = (r: SearchResponse) => r.responses[0]?.hits.hits.map((h) => h._source.nome_prodotto) ?? [];
const codes = (r: SearchResponse) => r.responses[0]?.hits.hits.map((h) => h._id) ?? [];
const total = (r: SearchResponse) => r.responses[0]?.hits.total ?? -1;

/** Every page of a query, in order. */
async function allPages(q: string, rpp: number): Promise<{ codes: string[]; total: number; totPages: number }> {
  const first = await search(q, rpp, 1);
  const all = codes(first);
  for (let p = 2; p <= first.totPages; p++) all.push(...codes(await search(q, rpp, p)));
  return { codes: all, total: total(first), totPages: first.totPages };
}

/** The products the words match as the ranking's broadest set: every word (the last as a prefix) in a field. */
function oracle(q: string): Set<string> {
  const words = queryWords(q);
  const last = words.length - 1;
  const matching = new Set<string>();
  for (const p of products) {
    const fields = [p.nome_prodotto, p.descrizione_pricipio_attivo, p.descrizione_ditta_1_produttrice, p.descrizione_atc];
    const tokens = foldText(fields.join(' ')).match(/[\p{L}\p{N}]+/gu) ?? [];
    const ok = words.every((w, i) => tokens.some((tok) => (i === last && w.length >= 2 ? tok.startsWith(w) : tok === w)));
    if (ok) matching.add(p.codice_ministeriale);
  }
  return matching;
}

describe(`product search (${testEngine})`, () => {
  it("finds TACHIPIRINA for 'tachi', the name's start first", async () => {
    const r = await search('tachi');
    expect(names(r)[0]).toBe('TACHIPIRINA 500 MG 20 CPR');
    expect(names(r).slice(0, 7).every((n) => n.startsWith('TACHIPIRINA'))).toBe(true);
    expect(names(r)).toContain('TACHIFLUDEC POLV 10 BUST LIMONE');
    expect(total(r)).toBe(oracle('tachi').size);
    expect(r.corrected_query).toBeNull();
  });

  it("ranks 'tachipirina 500' by the name starting with the text, then by popularity", async () => {
    const r = await search('tachipirina 500');
    expect(names(r)).toEqual(['TACHIPIRINA 500 MG 20 CPR', 'TACHIPIRINA 500 MG 30 CPR', 'TACHIPIRINA OROSOLUBILE 500 MG 16 BUST']);
    expect(total(r)).toBe(3);
    expect(r.totPages).toBe(1);
  });

  it("corrects the typo 'tachiprina' and says so", async () => {
    const r = await search('tachiprina');
    expect(r.corrected_query).toBe('tachipirina');
    expect(total(r)).toBe(7);
    expect(names(r).every((n) => n.startsWith('TACHIPIRINA'))).toBe(true);
  });

  if (testEngine === 'sqlite') {
    it('looks for a word inside the vocabulary once, even when no term holds it (decision 0597)', async () => {
      const look = vi.spyOn(Vocabulary.prototype, 'containing');
      try {
        for (let i = 0; i < 3; i++) {
          expect(total(await search('qzxqzx'))).toBe(0);
          expect((await search('pracetamolo')).corrected_query).toBe('paracetamolo');
        }
        expect(look.mock.calls.map(([part]) => part).sort()).toEqual(['pracetamolo', 'qzxqzx']);
      } finally {
        look.mockRestore();
      }
    });
  }

  it('corrects one word of several', async () => {
    const r = await search('tachipirna 1000');
    expect(r.corrected_query).toBe('tachipirina 1000');
    expect(names(r)).toEqual(['TACHIPIRINA 1000 MG 16 CPR', 'TACHIPIRINA 1000 MG 10 SUPP']);
  });

  it("finds the medicines of an active principle: 'paracetamolo' lists TACHIPIRINA after the names that start with it", async () => {
    const r = await search('paracetamolo', 100);
    const list = names(r);
    const firstTachipirina = list.findIndex((n) => n.startsWith('TACHIPIRINA'));
    expect(firstTachipirina).toBeGreaterThan(-1);
    expect(list).toContain('TACHIPIRINA 500 MG 20 CPR');
    // Everything named PARACETAMOLO … comes before any product that only has it as active principle.
    const lastNamed = list.map((n) => n.startsWith('PARACETAMOLO')).lastIndexOf(true);
    expect(lastNamed).toBeLessThan(firstTachipirina);
    expect(total(r)).toBe(oracle('paracetamolo').size);
  });

  it("finds MOMENT 200 MG products for 'moment 200'", async () => {
    const r = await search('moment 200');
    expect(names(r)).toEqual(['MOMENT 200 MG 12 CPR', 'MOMENT 200 MG 24 CPR', 'MOMENT 200 MG 12 CPS MOLLI', 'MOMENT 200 MG 12 BUST']);
  });

  it('finds a manufacturer', async () => {
    const r = await search('angelini', 100);
    expect(names(r)).toContain('TACHIPIRINA 500 MG 20 CPR');
    expect(names(r)).toContain('MOMENT 200 MG 12 CPR');
    expect(total(r)).toBe(oracle('angelini').size);
  });

  it('puts the exact ministerial code first, with or without the A of the pack', async () => {
    const moment = productNamed(products, 'MOMENT 200 MG 24 CPR');
    for (const q of [moment.codice_ministeriale, `A${moment.codice_ministeriale}`]) {
      const r = await search(q);
      expect(codes(r)).toEqual([moment.codice_ministeriale]);
      expect(total(r)).toBe(1);
    }
  });

  it('finds codes by their first digits', async () => {
    const prefix = productNamed(products, 'OKI 80 MG 12 BUST').codice_ministeriale.slice(0, 6);
    const r = await search(prefix, 100);
    expect(codes(r).length).toBeGreaterThan(0);
    expect(codes(r).every((c) => c.startsWith(prefix))).toBe(true);
    expect(total(r)).toBe(products.filter((p) => p.codice_ministeriale.startsWith(prefix)).length);
  });

  it('pages a code range most popular first, with its total on every page and past the last', async () => {
    // Three codes of one start, written in falling code order: each new product is less popular,
    // so popularity order is not the code index's order.
    const written = ['90', '50', '10'].map((n) => `999997${n}${minsanCheckDigit(`999997${n}`)}`);
    await writeProducts(
      t.app.db,
      written.map((code, i) => ({ codice_ministeriale: code, nome_prodotto: `ZORVELTIX${'ABC'[i]}`, price_cents: 100, stock: 1 })),
    );
    const byRank = await t.app.db.selectFrom('products').select('codice_ministeriale').orderBy('rank').execute();
    const expected = byRank.map((p) => p.codice_ministeriale).filter((code) => code.startsWith('999997'));
    expect(expected).toEqual(written);
    const pages = await allPages('999997', 2);
    expect(pages.codes).toEqual(expected);
    expect(pages.total).toBe(3);
    const past = await search('999997', 2, pages.totPages + 1);
    expect([codes(past), total(past)]).toEqual([[], 3]);
  });

  it('folds accents both ways', async () => {
    const plain = await search('avene');
    expect(names(plain)[0]).toBe('AVÈNE EAU THERMALE SPRAY 150 ML');
    expect(codes(await search('AVÈNE'))).toEqual(codes(plain));
    expect(codes(await search('tolérance'))).toEqual(codes(await search('tolerance')));
  });

  it('finds a substring of a name', async () => {
    const r = await search('pirina');
    expect(names(r)[0]).toBe('TACHIPIRINA 500 MG 20 CPR');
    expect(names(r).every((n) => n.includes('PIRINA'))).toBe(true);
  });

  it('answers texts of 2 characters or fewer with nothing, not an error', async () => {
    for (const q of ['', 'ta', ' t ', 'ab  ', '%%', '"*']) {
      const r = await search(q);
      expect(total(r)).toBe(0);
      expect(r.totPages).toBe(0);
      expect(names(r)).toEqual([]);
    }
  });

  it('answers query syntax and symbols as plain words', async () => {
    // Each answers exactly what the same words without the symbols answer, and what the oracle finds.
    for (const [q, words] of [
      ['tachi*', 'tachi'],
      ['"tachipirina"', 'tachipirina'],
      ['tachipirina AND OR NOT', 'tachipirina and or not'],
      ['NEAR(tachi', 'near tachi'],
      ['^tachi', 'tachi'],
      ["tachipirina'", 'tachipirina'],
    ] as const) {
      const r = await search(q);
      expect(codes(r), q).toEqual(codes(await search(words)));
      expect(total(r), q).toBe(oracle(words).size);
    }
    expect(total(await search('tachi*'))).toBeGreaterThan(0);
    expect(names(await search('"tachipirina" 500'))[0]).toBe('TACHIPIRINA 500 MG 20 CPR');
  });

  it('pages through every match exactly once, totals and page counts right', async () => {
    for (const [q, rpp] of [
      ['crema', 7],
      ['magnesio', 5],
      ['cpr', 10],
    ] as const) {
      const expected = oracle(q);
      const pages = await allPages(q, rpp);
      expect(pages.total).toBe(expected.size);
      expect(pages.totPages).toBe(Math.ceil(expected.size / rpp));
      expect(new Set(pages.codes).size).toBe(pages.codes.length);
      expect(new Set(pages.codes)).toEqual(expected);
    }
  });

  it('pages a query of several words as slices of one long page, the name-start tier included', async () => {
    for (const q of ['tachipirina 500', 'crema viso', 'cpr 20']) {
      const whole = await search(q, 40, 1);
      expect(total(whole)).toBeGreaterThan(2);
      const pages = await allPages(q, 2);
      expect(pages.total).toBe(total(whole));
      expect(pages.codes.slice(0, 40)).toEqual(codes(whole));
    }
  });

  it('answers a page past the last one with no hits and the same total', async () => {
    const first = await search('crema', 10, 1);
    const past = await search('crema', 10, first.totPages + 1);
    expect(names(past)).toEqual([]);
    expect(total(past)).toBe(total(first));
  });

  it('uses 5 results per page when rpp is not given', async () => {
    const res = await t.app.inject({ url: '/api/product/search?q=crema' });
    const r = SearchResponseSchema.parse(res.json());
    expect(names(r)).toHaveLength(5);
    expect(r.totPages).toBe(Math.ceil(total(r) / 5));
  });

  it('shows a new price and stock at once: hits are kept rendered only until the next write', async () => {
    const code = `99999996${minsanCheckDigit('99999996')}`;
    await writeProducts(t.app.db, [{ codice_ministeriale: code, nome_prodotto: 'VELTRAXIN 20 CPR', price_cents: 1250, stock: 4 }]);
    const before = (await search('veltraxin')).responses[0]?.hits.hits[0]?._source;
    expect(before).toMatchObject({ codice_ministeriale: code, prezzo: 12.5, quantita: 4 });

    await writeProducts(t.app.db, [{ codice_ministeriale: code, nome_prodotto: 'VELTRAXIN 20 CPR', price_cents: 990, stock: 0 }]);
    const after = (await search('veltraxin')).responses[0]?.hits.hits[0]?._source;
    expect(after).toMatchObject({ codice_ministeriale: code, prezzo: 9.9, quantita: 0 });
    await repo.deleteProduct(t.app.db, code);
    expect(total(await search('veltraxin'))).toBe(0);
  });

  it('puts the name starting with the words as typed, the last one a prefix, before a more popular one', async () => {
    // Written in this order, the first is the more popular (a new product takes the next rank).
    const popular = `99999995${minsanCheckDigit('99999995')}`;
    const typed = `99999994${minsanCheckDigit('99999994')}`;
    await writeProducts(t.app.db, [
      { codice_ministeriale: popular, nome_prodotto: 'VELUNAX ZORBIX FORTEZZA 10 CPR', price_cents: 990 },
      { codice_ministeriale: typed, nome_prodotto: 'VELUNAX FORTEZZA 20 CPR', price_cents: 990 },
    ]);
    expect(codes(await search('velunax'))).toEqual([popular, typed]);
    expect(codes(await search('velunax fort'))).toEqual([typed, popular]);
    expect(codes(await search('velunax fortezza'))).toEqual([typed, popular]);
    await repo.deleteProduct(t.app.db, popular);
    await repo.deleteProduct(t.app.db, typed);
  });

  it('keeps the index in step with inserts, renames and deletes', async () => {
    const code = `99999998${minsanCheckDigit('99999998')}`;
    await writeProducts(t.app.db, [{ codice_ministeriale: code, nome_prodotto: 'ZENZAROL 30 CPR', price_cents: 990 }]);
    expect(codes(await search('zenzarol'))).toEqual([code]);

    await writeProducts(t.app.db, [{ codice_ministeriale: code, nome_prodotto: 'QUARZOLIN 30 CPR', price_cents: 990 }]);
    expect(codes(await search('quarzolin'))).toEqual([code]);
    expect(codes(await search('zenzarol'))).not.toContain(code);

    await repo.deleteProduct(t.app.db, code);
    expect(codes(await search('quarzolin'))).not.toContain(code);
  });

  if (testEngine === 'postgres') {
    it('plans its statements once per connection on PostgreSQL, never per search (decision 0587)', async () => {
      const own = new PostgresSearch(t.app.db, t.app.config.databaseUrl);
      try {
        for (const text of ['tachipirina 500', 'oki', 'tachipirina', 'moment', 'oki 80', 'tachipirina 1000']) {
          await own.search({ shopId: await defaultShopId(), text, offset: 0, limit: 10 });
        }
        // One search at a time: the adapter's pool used one connection, whose statements these are.
        const pool = (own as unknown as { pool: pg.Pool }).pool;
        const { rows } = await pool.query<{ generic_plans: number; custom_plans: number }>(
          `select generic_plans, custom_plans from pg_prepared_statements where name = 'farmacia_search_page'`,
        );
        expect(rows).toEqual([{ generic_plans: 6, custom_plans: 0 }]);
      } finally {
        await own.close();
      }
    });
  }

  // The product's half of each hit is kept by rank (decision 0604): an offer's change made
  // through another instance shows at the next search, and so does a product's (masters version).
  if (testEngine === 'postgres') {
    it('kept halves of hits on another instance follow an offer and a product changed elsewhere', async () => {
      const other = await secondInstance(t);
      const shopId = await defaultShopId();
      /** The other instance's first three hits as `code:cents:stock|atc`, as its search route writes them. */
      const hits = async () => {
        const res = await other.app.inject({ url: '/api/product/search', query: { q: 'tachipirina', rpp: '3', shop_id: String(shopId) } });
        expect(res.statusCode, res.body).toBe(200);
        return (SearchResponseSchema.parse(res.json()).responses[0]?.hits.hits ?? []).map(
          ({ _id, _source: h }) => `${_id}:${Math.round(h.prezzo * 100)}:${h.quantita}|${h.descrizione_atc}`,
        );
      };
      try {
        const first = await hits();
        expect(first).toHaveLength(3);
        expect(await hits()).toEqual(first);
        const code = (first[1] as string).split(':')[0] as string;
        const product = await t.app.db
          .selectFrom('products')
          .select(['id', 'descrizione_atc'])
          .where('codice_ministeriale', '=', code)
          .executeTakeFirstOrThrow();
        const offer = await t.app.db
          .selectFrom('product_offers')
          .select(['price_cents', 'stock'])
          .where('shop_id', '=', shopId)
          .where('product_id', '=', product.id)
          .executeTakeFirstOrThrow();
        const setOffer = (price_cents: number, stock: number) =>
          t.app.db.updateTable('product_offers').set({ price_cents, stock }).where('shop_id', '=', shopId).where('product_id', '=', product.id).execute();
        const setAtc = (atc: string | null) => t.app.db.updateTable('products').set({ descrizione_atc: atc }).where('id', '=', product.id).execute();
        try {
          await setOffer(offer.price_cents + 7, offer.stock + 3);
          expect((await hits())[1]).toBe(`${code}:${offer.price_cents + 7}:${offer.stock + 3}|${product.descrizione_atc}`);
          await setAtc('ATC CAMBIATO');
          expect((await hits())[1]).toBe(`${code}:${offer.price_cents + 7}:${offer.stock + 3}|ATC CAMBIATO`);
        } finally {
          await setOffer(offer.price_cents, offer.stock);
          await setAtc(product.descrizione_atc);
        }
        expect(await hits()).toEqual(first);
      } finally {
        await other.close();
      }
    });
  }

  // PostgreSQL keeps the postings in each API instance's memory (decision 0190): another
  // instance, with its own connection pool on the same database, must see this one's writes.
  if (testEngine === 'postgres') {
    it('another API instance on the same database sees every write at once', async () => {
      const other = openDatabase('postgres', t.app.config.databaseUrl);
      const elsewhere = new PostgresSearch(other.db, t.app.config.databaseUrl);
      try {
        const codesThere = async (q: string) =>
          (await elsewhere.search({ shopId: await defaultShopId(), text: q, offset: 0, limit: 10 })).products.map((p) => p.codice_ministeriale);
        const here = await search('tachipirina 500');
        expect(await codesThere('tachipirina 500')).toEqual(codes(here));

        const code = `99999997${minsanCheckDigit('99999997')}`;
        await writeProducts(t.app.db, [{ codice_ministeriale: code, nome_prodotto: 'TACHIPIRINA 500 MG PROVA 1 CPR', price_cents: 100 }]);
        expect(await codesThere('tachipirina 500')).toContain(code);
        expect(await codesThere('prova')).toEqual([code]);
        await repo.deleteProduct(t.app.db, code);
        expect(await codesThere('tachipirina 500')).not.toContain(code);
        expect(await codesThere('tachipirina 500')).toEqual(codes(await search('tachipirina 500')));

        // Category names of the hits are kept in memory too: a rename shows at once.
        const [hit] = (await elsewhere.search({ shopId: await defaultShopId(), text: 'tachipirina 500', offset: 0, limit: 1 })).products;
        const renamed = `${hit?.cat1_name} (rinominata)`;
        await t.app.db.updateTable('categories').set({ name: renamed }).where('slug', '=', hit?.cat1_slug as string).where('level', '=', 1).execute();
        expect((await elsewhere.search({ shopId: await defaultShopId(), text: 'tachipirina 500', offset: 0, limit: 1 })).products[0]?.cat1_name).toBe(renamed);
      } finally {
        await elsewhere.close();
        await other.close();
      }
    });
  }
});
