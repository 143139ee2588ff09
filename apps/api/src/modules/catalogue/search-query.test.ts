import { SearchQuerySchema } from '@farmacia/contract';
import { describe, expect, it } from 'vitest';
import { plainSearchQuery } from './search-query.js';

// Query strings as the parser hands them over: every value text, repeated keys an array.
const asSent = (params: object) => Object.assign(Object.create(null), params) as Record<string, unknown>;

describe('plainSearchQuery (decision 0597)', () => {
  it("takes the app's query strings and reads them as the schema does", () => {
    for (const params of [
      { q: 'tachipirina', rpp: '10', p: '1' },
      { q: 'tachipirina 500', rpp: '10', p: '3', shop_id: '2' },
      { q: 'crème à l’eau' },
      { q: '', rpp: '100', p: '99' },
      { q: 'x'.repeat(100), rpp: '1', p: '10000' },
      { q: 'ok', rpp: '5', p: '2', other: 'ignored' },
      {},
    ]) {
      const fast = plainSearchQuery(asSent(params));
      expect(fast, JSON.stringify(params)).not.toBeNull();
      expect(fast).toStrictEqual(SearchQuerySchema.parse(asSent(params)));
    }
  });

  it('leaves everything else to the schema, which refuses it or reads it the same way', () => {
    for (const params of [
      { q: 'x'.repeat(101) },
      { q: ['a', 'b'] },
      { q: 'ok', rpp: '0' },
      { q: 'ok', rpp: '101' },
      { q: 'ok', rpp: '010' },
      { q: 'ok', rpp: ' 10' },
      { q: 'ok', rpp: '1e1' },
      { q: 'ok', rpp: '' },
      { q: 'ok', p: '10001' },
      { q: 'ok', p: '-1' },
      { q: 'ok', p: '2.5' },
      { q: 'ok', rpp: '100', p: '101' },
      { q: 'ok', rpp: '10', p: '1001' },
      { q: 'ok', shop_id: '0' },
      { q: 'ok', shop_id: 'abc' },
      { q: 'ok', shop_id: '1234567890123' },
      { q: 'ok', shop_id: '2147483647' },
      { q: 'ok', shop_id: '2147483648' },
      { q: 'ok', shop_id: ['1', '2'] },
    ]) {
      const fast = plainSearchQuery(asSent(params));
      const schema = SearchQuerySchema.safeParse(asSent(params));
      if (fast !== null) expect(schema.success && fast, JSON.stringify(params)).toStrictEqual(schema.data);
      if (!schema.success) expect(fast, JSON.stringify(params)).toBeNull();
    }
    // The page past the result window is the schema's 422 on `p`, never a fast answer.
    expect(plainSearchQuery(asSent({ q: 'ok', rpp: '10', p: '1001' }))).toBeNull();
    expect(SearchQuerySchema.safeParse({ q: 'ok', rpp: '10', p: '1001' }).success).toBe(false);
  });
});
