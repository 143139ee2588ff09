import { describe, expect, it } from 'vitest';
import { fakeToken } from '../test/fetch-mock';
import { refreshDelay, tokenExpiry } from './token';

describe('tokenExpiry', () => {
  it('reads the exp claim of a JWT in milliseconds', () => {
    expect(tokenExpiry(fakeToken(1_800_000_000))).toBe(1_800_000_000_000);
  });

  it('is undefined for something that is not a JWT or has no numeric exp', () => {
    expect(tokenExpiry('not-a-token')).toBeUndefined();
    expect(tokenExpiry('a.!!!.c')).toBeUndefined();
    expect(tokenExpiry(`x.${btoa(JSON.stringify({ exp: 'soon' }))}.y`)).toBeUndefined();
  });
});

describe('refreshDelay', () => {
  it('is 80% of the remaining life (spec §4)', () => {
    expect(refreshDelay(100_000, 0)).toBe(80_000);
    // A token with 24 h left, read 6 h after it was issued: refresh in 80% of the 18 h left.
    const now = 6 * 3600_000;
    expect(refreshDelay(24 * 3600_000, now)).toBe(0.8 * 18 * 3600_000);
  });

  it('asks for an immediate refresh when the token is expired or unreadable', () => {
    expect(refreshDelay(1000, 1000)).toBe(0);
    expect(refreshDelay(1000, 5000)).toBe(0);
    expect(refreshDelay(undefined, 5000)).toBe(0);
  });
});
