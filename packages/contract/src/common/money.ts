/**
 * Money: the server stores integer cents (decision 0002), the wire and the screens use euro with
 * 2 decimals (spec §1). Conversions round to the cent so binary floating point never leaks
 * (1.005 € is 101 cents, 0.1 + 0.2 € is 30 cents).
 */

/** Rounds half away from zero, after removing the float noise below 1e-9 of a cent. */
function roundHalfAwayFromZero(value: number): number {
  // Whole cents (nearly every call: prices are kept in cents) are already rounded — below 1e15, where
  // toPrecision(15) keeps every digit; the string round trip below was 3 % of the API's cart set (issue 22).
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return value;
  const clean = Number(value.toPrecision(15));
  return Math.sign(clean) * Math.round(Math.abs(clean));
}

/** Euro (possibly with float noise) → integer cents. */
export function euroToCents(euro: number): number {
  return roundHalfAwayFromZero(euro * 100) + 0; // + 0 turns -0 into 0
}

/** Integer cents → euro with at most 2 decimals (non-integer cents are rounded first). */
export function centsToEuro(cents: number): number {
  return roundHalfAwayFromZero(cents) / 100 + 0;
}

/** Rounds a euro amount to the cent. */
export function roundEuro(euro: number): number {
  return centsToEuro(euroToCents(euro));
}

/**
 * A whole number as Intl writes it for it-IT: thousands grouped with '.' only from 5 digits
 * ('1000', '10.000', '1.234.567'). Written out rather than asked of Intl, like the euro format
 * below: a page's first Intl number format loads ICU's locale data, the costliest step of the
 * first render of a price list on a slow phone (decision 0376).
 */
export function formatItalianInteger(value: number): string {
  const whole = Math.trunc(value);
  const digits = String(Math.abs(whole));
  const grouped = digits.length >= 5 ? digits.replace(/\B(?=(\d{3})+$)/g, '.') : digits;
  return whole < 0 ? `-${grouped}` : grouped;
}

/**
 * Italian euro format with 2 decimals, exactly as `Intl` produces it for it-IT: '1,23 €'
 * (the space is a no-break space U+00A0), '1234,50 €' (CLDR groups Italian thousands only from
 * 5 digits), '12.345,60 €' (decision 0101); the unit test compares it with Intl.
 */
export function formatEuro(euro: number): string {
  return formatWholeCents(euroToCents(euro));
}

/** {@link formatEuro} for an amount in integer cents. */
export function formatCents(cents: number): string {
  return formatWholeCents(roundHalfAwayFromZero(cents));
}

function formatWholeCents(cents: number): string {
  const amount = Math.abs(cents);
  const text = `${formatItalianInteger(Math.floor(amount / 100))},${String(amount % 100).padStart(2, '0')}\u00a0€`;
  return cents < 0 ? `-${text}` : text;
}

/** The total the customer pays: `total − discount_amount`, never below zero (spec §9). Here, without zod or
 * the message catalogue, because the app's cart badge (its first load) uses it. */
export function orderPayableTotal(order: { total: number; discount_amount: number }): number {
  return centsToEuro(Math.max(0, euroToCents(order.total) - euroToCents(order.discount_amount)));
}
