import { isSearchable } from './common/search-text.js';
import { describe, expect, it } from 'vitest';
import {
  CategoryQuerySchema,
  isInStock,
  isValidMinsan,
  minsanCheckDigit,
  type ProductOffer,
  productOffer,
  SearchByCategoryQuerySchema,
  SearchQuerySchema,
} from './catalogue.js';

describe('ministerial code (AIC/minsan) check digit', () => {
  it('matches a real AIC code and a hand-computed one', () => {
    // TACHIPIRINA 500 MG 20 CPR as sold in Italy.
    expect(minsanCheckDigit('01274509')).toBe(3);
    expect(isValidMinsan('012745093')).toBe(true);
    // 1·1 + 2·2 + 3·1 + 4·2 + 5·1 + 6·2 (=12 → 3) + 7·1 + 8·2 (=16 → 7) = 38 → 8
    expect(isValidMinsan('123456788')).toBe(true);
  });

  it('doubles even positions and sums the digits of two-digit products', () => {
    // 9 at an even position: 18 → 1 + 8 = 9. Eight 9s: 4×9 + 4×9 = 72 → 2.
    expect(minsanCheckDigit('99999999')).toBe(2);
    expect(minsanCheckDigit('00000000')).toBe(0);
    expect(minsanCheckDigit('00000005')).toBe(1); // 5×2 = 10 → 1
  });

  it('rejects a wrong check digit, a wrong length and non-digits', () => {
    expect(isValidMinsan('012745094')).toBe(false);
    expect(isValidMinsan('01274509')).toBe(false);
    expect(isValidMinsan('0127450933')).toBe(false);
    expect(isValidMinsan('01274509A')).toBe(false);
    expect(isValidMinsan(' 012745093')).toBe(false);
    expect(() => minsanCheckDigit('123')).toThrow(RangeError);
  });

  it('catches every single-digit change', () => {
    const valid = '012745093';
    for (let i = 0; i < 9; i++) {
      for (let d = 0; d <= 9; d++) {
        const changed = valid.slice(0, i) + String(d) + valid.slice(i + 1);
        if (changed !== valid) expect(isValidMinsan(changed), changed).toBe(false);
      }
    }
  });
});

describe('catalogue query strings', () => {
  it('search defaults to 5 per page, first page, empty text', () => {
    expect(SearchQuerySchema.parse({})).toEqual({ q: '', rpp: 5, p: 1 });
    expect(SearchQuerySchema.parse({ q: 'tachi', rpp: '10', p: '3' })).toEqual({ q: 'tachi', rpp: 10, p: 3 });
  });

  it('rejects nonsense paging with Italian messages on the field', () => {
    for (const bad of [{ rpp: '0' }, { rpp: '101' }, { rpp: 'abc' }, { p: '0' }, { p: '-1' }, { p: '1.5' }]) {
      const r = SearchQuerySchema.safeParse(bad);
      expect(r.success, JSON.stringify(bad)).toBe(false);
      expect(r.error?.issues[0]?.message).toMatch(/^Inserire/);
    }
  });

  it('stops paging at the result window', () => {
    expect(SearchQuerySchema.safeParse({ rpp: '100', p: '100' }).success).toBe(true);
    const r = SearchQuerySchema.safeParse({ rpp: '100', p: '101' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['p']);
  });

  it('needs category levels in order', () => {
    expect(CategoryQuerySchema.safeParse({ cat1: 'a', cat2: 'b' }).success).toBe(true);
    const r = CategoryQuerySchema.safeParse({ cat1: 'a', cat3: 'c' });
    expect(r.error?.issues[0]?.path).toEqual(['cat3']);
    expect(SearchByCategoryQuerySchema.safeParse({ slug2: 'b' }).success).toBe(false);
    expect(SearchByCategoryQuerySchema.parse({ slug1: 'a' })).toMatchObject({ rpp: 12, p: 1 });
  });
});

describe('productOffer (decision 0481), as a table', () => {
  it('a prescription medicine is never offered to the cart; any other product while in stock', () => {
    const table: [boolean, number, ProductOffer][] = [
      [false, 3, 'addToCart'],
      [false, 1, 'addToCart'],
      [false, 0, 'unavailable'],
      [false, -1, 'unavailable'],
      [true, 3, 'prescriptionOnly'],
      [true, 0, 'prescriptionOnly'],
    ];
    for (const [prescription_only, quantita, offer] of table) {
      expect(productOffer({ prescription_only, quantita }), `${prescription_only}/${quantita}`).toBe(offer);
      expect(isInStock({ quantita }), `${quantita}`).toBe(quantita > 0);
    }
  });

  it('a product this pharmacy does not sell is requested, whatever its flags (issue 18)', () => {
    expect(productOffer({ prescription_only: false, quantita: 3, in_vendita: false })).toBe('notSold');
    expect(productOffer({ prescription_only: true, quantita: 0, in_vendita: false })).toBe('notSold');
    expect(productOffer({ prescription_only: false, quantita: 3, in_vendita: true })).toBe('addToCart');
  });
});

describe('isSearchable (spec §5, decision 0481)', () => {
  it('searches only more than 2 characters, spaces aside — the app, the console and the server alike', () => {
    expect(isSearchable('')).toBe(false);
    expect(isSearchable('ta')).toBe(false);
    expect(isSearchable('  ta  ')).toBe(false);
    expect(isSearchable('tac')).toBe(true);
    expect(isSearchable(' tac ')).toBe(true);
  });
});
