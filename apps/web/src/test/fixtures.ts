import { type Cart, NEW_CART } from '@farmacia/contract';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearToken, setToken } from '../lib/session';
import { fakeToken } from './fetch-mock';

/** A cart with nothing chosen yet (no delivery, payment or voucher), for tests to spread their own lines and totals on. */
export const emptyCart: Cart = { id: 5, ...NEW_CART };

/** Every test of the file runs logged in (a token far from expiry); after each, the DOM, the token and fetch stubs go. */
export function loggedInForEachTest(): void {
  beforeEach(() => setToken(fakeToken(2_000_000_000)));
  afterEach(() => {
    cleanup();
    clearToken();
    vi.unstubAllGlobals();
  });
}

/** Every test of the file runs on fake timers (it moves time itself); after each, the DOM goes and real timers come back. */
export function fakeTimersForEachTest(): void {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });
}
