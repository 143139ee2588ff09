/**
 * The catalogue's rules that need no schema (issue 22): the ministerial code's check digit, how
 * a product is offered and the widths its picture is drawn at. Kept apart from catalogue.ts (zod schemas built at module load) so a screen
 * that only asks these rules — the search results, the product page, the pack scanner — does not
 * evaluate zod on a phone's start. catalogue.ts re-exports them: the contract's API is unchanged.
 */

// --- Ministerial product code (AIC / minsan) ---------------------------------------------------

/** A ministerial product code has 9 digits, the last one a check digit. */
export const MINSAN_LENGTH = 9;

/**
 * The check digit of a ministerial code (AIC/minsan) from its first 8 digits (ARCHITECTURE §7):
 * weights 1,2,1,2… from the left, the digits of each product summed, the total mod 10.
 *
 * @example minsanCheckDigit('01274509') // 3 — TACHIPIRINA 500 MG 20 CPR is 012745093
 */
export function minsanCheckDigit(first8: string): number {
  if (!/^\d{8}$/.test(first8)) throw new RangeError('minsanCheckDigit needs exactly 8 digits');
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const product = (first8.charCodeAt(i) - 48) * (i % 2 === 0 ? 1 : 2);
    sum += product > 9 ? product - 9 : product; // digit sum of a product ≤ 18
  }
  return sum % 10;
}

/** True when `code` is 9 digits whose last one is the check digit of the first 8. */
export function isValidMinsan(code: string): boolean {
  return /^\d{9}$/.test(code) && minsanCheckDigit(code.slice(0, 8)) === code.charCodeAt(8) - 48;
}

/**
 * How the catalogue offers a product (decision 0481): added to the cart, requested with a
 * prescription, out of stock, or not sold by this pharmacy at all (issue 18: requested instead).
 */
export type ProductOffer = 'addToCart' | 'prescriptionOnly' | 'unavailable' | 'notSold';

/** A product is in stock while its units are above zero. */
export function isInStock(product: { quantita: number }): boolean {
  return product.quantita > 0;
}

/**
 * Decision 0481: a prescription medicine is never offered to the cart — it comes with the
 * prescription (ARCHITECTURE §7) — whatever its stock; any other product while in stock. The
 * app's lists and product page and the server's pre-rendered list ask this one rule.
 */
export function productOffer(product: { prescription_only: boolean; quantita: number; in_vendita?: boolean | undefined }): ProductOffer {
  if (product.in_vendita === false) return 'notSold';
  if (product.prescription_only) return 'prescriptionOnly';
  return isInStock(product) ? 'addToCart' : 'unavailable';
}

// --- Product pictures -----------------------------------------------------------------------------

/**
 * The widths, in device pixels, a product's picture is drawn at when the API draws it (decision
 * 0627): a result list's or cart's 72-px thumbnail at 2×, and the product page's 280-px picture at
 * 2× (also what the picture's URL without `w` answers). A relayed leaflet photo comes as it is.
 */
export const PRODUCT_PICTURE_WIDTHS = { list: 144, page: 560 } as const;
export type ProductPictureWidth = (typeof PRODUCT_PICTURE_WIDTHS)[keyof typeof PRODUCT_PICTURE_WIDTHS];
/** The picture of `immagine` (a product's picture URL) for a list's or cart line's thumbnail. */
export const productThumbnailSrc = (immagine: string) => `${immagine}?w=${PRODUCT_PICTURE_WIDTHS.list}`;
