import { describe, expect, it } from 'vitest';
import { CATEGORY_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants.js';
import { MAX_PAGE_NUMBER, pageOffset, PagingQuerySchema, pagingQuerySchema, totalPages } from './paging.js';

describe('paging query', () => {
  it('defaults to page 1 and the search endpoint default of 5', () => {
    expect(PagingQuerySchema.parse({})).toEqual({ p: 1, rpp: 5 });
    expect(pagingQuerySchema(CATEGORY_PAGE_SIZE).parse({})).toEqual({ p: 1, rpp: 12 });
  });

  it('coerces query text', () => {
    expect(PagingQuerySchema.parse({ p: '3', rpp: '10' })).toEqual({ p: 3, rpp: 10 });
  });

  it('caps rpp and p, refuses 0, negatives, fractions and junk', () => {
    expect(PagingQuerySchema.parse({ rpp: String(MAX_PAGE_SIZE) }).rpp).toBe(MAX_PAGE_SIZE);
    for (const bad of [{ rpp: MAX_PAGE_SIZE + 1 }, { rpp: 0 }, { p: 0 }, { p: -1 }, { p: 1.5 }, { p: 'abc' }, { p: MAX_PAGE_NUMBER + 1 }]) {
      expect(PagingQuerySchema.safeParse(bad).success).toBe(false);
    }
  });

  it('computes offsets and page counts', () => {
    expect(pageOffset({ p: 1, rpp: 10 })).toBe(0);
    expect(pageOffset({ p: 3, rpp: 10 })).toBe(20);
    expect(totalPages(0, 10)).toBe(0);
    expect(totalPages(10, 10)).toBe(1);
    expect(totalPages(11, 10)).toBe(2);
  });
});
