/**
 * Business constants and limits of spec §9 (and the few of §2/§4/§5 that are numbers).
 * One name per number, shared by the API and the web app.
 */

/** Spec §9: frontend version string, joined to the API version in the account menu. */
export const FRONTEND_VERSION = '1.1.1';

// --- Toasts and loader -------------------------------------------------------------------------

/** Spec §9: general toast duration. */
export const TOAST_DURATION_MS = 2000;
/** Spec §2/§9: quick toast on the home page. */
export const TOAST_QUICK_DURATION_MS = 1000;
/** Spec §9: "other toasts 1000 or 3000 ms" — the long one. */
export const TOAST_LONG_DURATION_MS = 3000;
/** Spec §9: the loader 'Attendere...' hides itself after this cap. */
export const LOADER_MAX_MS = 50_000;

// --- Session and version -----------------------------------------------------------------------

/** Spec §4: the token is refreshed at 80% of its remaining life. */
export const TOKEN_REFRESH_RATIO = 0.8;
/** Spec §7/§9: timeout of POST /auth/check and POST /auth/refresh. */
export const AUTH_CHECK_TIMEOUT_MS = 2000;
/** Spec §4/§9: the API version is polled this often. */
export const VERSION_POLL_MS = 5000;

// --- Search and catalogue ----------------------------------------------------------------------

/** Spec §9: results per page of the app's search screen. */
export const SEARCH_PAGE_SIZE = 10;
/** Spec §2/§9: search input debounce. */
export const SEARCH_DEBOUNCE_MS = 500;
/** Spec §9: products per page of a category. */
export const CATEGORY_PAGE_SIZE = 12;
/** Spec §9: `rpp` of GET /product/search when the query omits it. */
export const SEARCH_DEFAULT_RPP = 5;
/** Spec §2/§5: a search needs more than 2 characters, i.e. at least 3. */
export const SEARCH_MIN_LENGTH = 3;
/** Upper bound of `rpp` on any paged call, so one request cannot ask for the whole catalogue. */
export const MAX_PAGE_SIZE = 100;
/** Spec §2: categories nest up to four levels. */
export const CATEGORY_MAX_DEPTH = 4;

// --- Cart and checkout -------------------------------------------------------------------------

/** Spec §5/§9: quantity choices 0 (remove) to 10. */
export const CART_QUANTITY_MIN = 0;
export const CART_QUANTITY_MAX = 10;

// --- Card payment ------------------------------------------------------------------------------

/** Spec §5/§9: card number length, digits or spaces. */
export const CARD_NUMBER_MIN_LENGTH = 16;
export const CARD_NUMBER_MAX_LENGTH = 22;
/** Spec §5/§9: expiry year from the current year up to this many years ahead. */
export const CARD_EXPIRY_MAX_YEARS_AHEAD = 20;

// --- Prescriptions and identity ----------------------------------------------------------------

/** Spec §3/§5/§9: NRE (electronic prescription number) length. */
export const NRE_MIN_LENGTH = 13;
export const NRE_MAX_LENGTH = 15;
/** Spec §5/§9: a fiscal code is exactly 16 characters. */
export const FISCAL_CODE_LENGTH = 16;

// --- Addresses and phones ----------------------------------------------------------------------

/** Spec §5/§9: address field maxima 50/60/60/50/50/20/20. */
export const ADDRESS_MAX = {
  name: 50,
  address_1: 60,
  address_2: 60,
  city: 50,
  state_region: 50,
  postal_code: 20,
  phone_number: 20,
} as const;
/** Spec §3/§9: an address's country is always Italy. */
export const ADDRESS_COUNTRY = 'it';
/** Spec §5/§9: default phone prefix of the signup form. */
export const DEFAULT_PHONE_PREFIX = '+39';
/** Spec §5/§9: signup phone is 7 to 10 digits. */
export const SIGNUP_PHONE_MIN_DIGITS = 7;
export const SIGNUP_PHONE_MAX_DIGITS = 10;

// --- Home, services, bookings ------------------------------------------------------------------

/** Spec §2/§9: home carousel. */
export const CAROUSEL_AUTOPLAY_MS = 3000;
export const CAROUSEL_SPEED = 400;
export const CAROUSEL_INITIAL_SLIDE = 1;
/** Spec §2/§9: service description excerpts are cut at this many words. */
export const EXCERPT_WORDS = 8;
/** Spec §2/§9: the booking calendar goes from the current month to this many months ahead. */
export const CALENDAR_MONTHS_AHEAD = 2;
/** Bookings are computed in the pharmacy's time zone (ARCHITECTURE §7). */
export const SHOP_TIME_ZONE = 'Europe/Rome';

// --- Chatbot -----------------------------------------------------------------------------------

/** Spec §9: simulated typing delays of the virtual assistant, [min, max] in ms. */
export const CHATBOT_TYPING_SHORT_MS = [500, 1500] as const;
export const CHATBOT_TYPING_LONG_MS = [2000, 4000] as const;

// --- Uploads -----------------------------------------------------------------------------------

/** Spec §5/§9: allowed upload extensions (lowercase, no dot). */
export const ALLOWED_UPLOAD_EXTENSIONS = ['jpeg', 'jpg', 'gif', 'png', 'pdf', 'eps'] as const;
/** MIME types matching {@link ALLOWED_UPLOAD_EXTENSIONS} (spec §5 names x-eps). */
export const ALLOWED_UPLOAD_MIME_TYPES = [
  'image/jpeg',
  'image/jpg',
  'image/gif',
  'image/png',
  'application/pdf',
  'application/postscript',
  'application/eps',
  'application/x-eps',
  'image/eps',
  'image/x-eps',
] as const;
/** Largest accepted upload, decoded bytes (decision 0103): a phone photo of a prescription fits. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Spec §5/§9: only the first uploaded file is kept. */
export const MAX_UPLOAD_FILES = 1;

/**
 * Longest note to the pharmacist on a booking; the app does not limit it (spec §5), the server must.
 * Here rather than in booking.ts (which re-exports it) so the booking screen reads it without
 * evaluating the booking schemas (issue 22).
 */
export const RESERVATION_NOTE_MAX = 1000;
