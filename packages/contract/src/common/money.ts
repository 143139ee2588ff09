/**
 * Money: the server stores integer cents (decision 0002), the wire and the screens use euro with
 * 2 decimals (spec §1). Conversions round to the cent so binary floating point never leaks
 * (1.005 € is 101 cents, 0.1 + 0.2 € is 30 cents).
 */

/** Rounds half away from zero, after removing the float noise below 1e-9 of a cent. */
function roundHalfAwayFromZero(value: number): number {
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

const euroFormat = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });

/**
 * Italian euro format with 2 decimals, exactly as `Intl` produces it for it-IT: '1,23 €'
 * (the space is a no-break space U+00A0), '1234,50 €' (CLDR groups Italian thousands only from
 * 5 digits), '12.345,60 €' (decision 0101).
 */
export function formatEuro(euro: number): string {
  return euroFormat.format(roundEuro(euro));
}

/** {@link formatEuro} for an amount in integer cents. */
export function formatCents(cents: number): string {
  return euroFormat.format(centsToEuro(cents));
}
