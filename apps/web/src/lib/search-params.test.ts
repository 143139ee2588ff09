import { describe, expect, it } from 'vitest';
import { parseSearch, safeRedirect, stringifySearch } from './search-params';

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

describe('safeRedirect', () => {
  it('accepts paths of the app', () => {
    expect(safeRedirect('/app/user')).toBe('/app/user');
    expect(safeRedirect('/app/checkout?action=shipping')).toBe('/app/checkout?action=shipping');
  });

  it('refuses other sites, protocol-relative and login paths', () => {
    expect(safeRedirect('https://evil.example')).toBeUndefined();
    expect(safeRedirect('//evil.example/app')).toBeUndefined();
    expect(safeRedirect('/\\evil.example')).toBeUndefined();
    expect(safeRedirect('javascript:alert(1)')).toBeUndefined();
    expect(safeRedirect('/auth/login')).toBeUndefined();
    expect(safeRedirect('')).toBeUndefined();
    expect(safeRedirect(undefined)).toBeUndefined();
  });
});
