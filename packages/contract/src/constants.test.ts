import { describe, expect, it } from 'vitest';
import * as c from './constants.js';

describe('business constants of spec §9', () => {
  it('match the spec', () => {
    expect(c.FRONTEND_VERSION).toBe('1.1.1');
    expect([c.TOAST_DURATION_MS, c.TOAST_QUICK_DURATION_MS, c.TOAST_LONG_DURATION_MS, c.LOADER_MAX_MS]).toEqual([2000, 1000, 3000, 50_000]);
    expect([c.TOKEN_REFRESH_RATIO, c.AUTH_CHECK_TIMEOUT_MS, c.VERSION_POLL_MS]).toEqual([0.8, 2000, 5000]);
    expect([c.SEARCH_PAGE_SIZE, c.SEARCH_DEBOUNCE_MS, c.CATEGORY_PAGE_SIZE, c.SEARCH_DEFAULT_RPP, c.SEARCH_MIN_LENGTH]).toEqual([
      10, 500, 12, 5, 3,
    ]);
    expect([c.CART_QUANTITY_MIN, c.CART_QUANTITY_MAX]).toEqual([0, 10]);
    expect([c.CARD_NUMBER_MIN_LENGTH, c.CARD_NUMBER_MAX_LENGTH, c.CARD_EXPIRY_MAX_YEARS_AHEAD]).toEqual([16, 22, 20]);
    expect([c.NRE_MIN_LENGTH, c.NRE_MAX_LENGTH, c.FISCAL_CODE_LENGTH]).toEqual([13, 15, 16]);
    expect([c.ADDRESS_COUNTRY, c.DEFAULT_PHONE_PREFIX, c.SIGNUP_PHONE_MIN_DIGITS, c.SIGNUP_PHONE_MAX_DIGITS]).toEqual(['it', '+39', 7, 10]);
    expect([c.CAROUSEL_AUTOPLAY_MS, c.CAROUSEL_SPEED, c.CAROUSEL_INITIAL_SLIDE]).toEqual([3000, 400, 1]);
    expect([c.EXCERPT_WORDS, c.CALENDAR_MONTHS_AHEAD]).toEqual([8, 2]);
    expect([c.CHATBOT_TYPING_SHORT_MS, c.CHATBOT_TYPING_LONG_MS]).toEqual([
      [500, 1500],
      [2000, 4000],
    ]);
    expect(c.ALLOWED_UPLOAD_EXTENSIONS).toEqual(['jpeg', 'jpg', 'gif', 'png', 'pdf', 'eps']);
    expect(c.MAX_UPLOAD_FILES).toBe(1);
  });
});
