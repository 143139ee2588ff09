import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from './search-params';

describe('search params', () => {
  it('keeps return paths and emails readable, and round-trips', () => {
    const search = stringifySearch({ redirect: '/app/user?x=1&y=2', email: 'a+b@example.com', empty: undefined });
    expect(search).toBe('?redirect=/app/user%3Fx%3D1%26y%3D2&email=a%2Bb@example.com');
    expect(parseSearch(search)).toEqual({ redirect: '/app/user?x=1&y=2', email: 'a+b@example.com' });
  });

  it('leaves values as strings (a referral code of digits stays a string)', () => {
    expect(parseSearch('?ref=00123&segment=signup')).toEqual({ ref: '00123', segment: 'signup' });
    expect(stringifySearch({})).toBe('');
  });
});
