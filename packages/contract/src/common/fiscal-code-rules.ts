import { FISCAL_CODE_LENGTH } from '../constants.js';
import { fiscalCodeMessages, validationMessages } from './message-groups.js';

// The fiscal code's rules without a schema (issue 22): the pack and memo scanners of the search
// screen use them, and must not evaluate zod on a phone's start. fiscal-code.ts re-exports them.

/**
 * Italian fiscal code (codice fiscale) of a natural person, after uppercasing.
 * The spec's pattern (6 letters, 2 digits, letter, 2 digits, letter, 3 digits, letter) with the
 * omocodic letters L M N P Q R S T U V accepted in every digit place (ARCHITECTURE §7), and the
 * month letter restricted to the twelve the Agenzia delle Entrate uses.
 */
export const FISCAL_CODE_PATTERN =
  /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

/** Values of the characters in odd positions (1st, 3rd, …, 15th), official table. */
const ODD_VALUES: Readonly<Record<string, number>> = {
  '0': 1, '1': 0, '2': 5, '3': 7, '4': 9, '5': 13, '6': 15, '7': 17, '8': 19, '9': 21,
  A: 1, B: 0, C: 5, D: 7, E: 9, F: 13, G: 15, H: 17, I: 19, J: 21, K: 2, L: 4, M: 18,
  N: 20, O: 11, P: 3, Q: 6, R: 8, S: 12, T: 14, U: 16, V: 10, W: 22, X: 25, Y: 24, Z: 23,
};

/** Value of a character in an even position: digits 0–9, letters A=0 … Z=25. */
function evenValue(char: string): number {
  const code = char.charCodeAt(0);
  return code >= 48 && code <= 57 ? code - 48 : code - 65;
}

/**
 * The control character (16th) for the first 15 characters of an uppercased fiscal code:
 * odd positions through the odd table, even positions through the even table, sum mod 26 → A–Z.
 * Omocodic codes are computed on their letters as they stand, like the official algorithm.
 */
export function fiscalCodeControlChar(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const char = first15.charAt(i);
    // i is 0-based: i = 0 is the 1st (odd) position.
    sum += i % 2 === 0 ? (ODD_VALUES[char] ?? 0) : evenValue(char);
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** Omocodia (ARCHITECTURE §7): the letters that stand for 0–9 when two people would share a code. */
const OMOCODIC_LETTERS = 'LMNPQRSTUV';

/** The digits of an omocodic part (`8R` → `85`); digits stay as they are. */
const omocodicDigits = (part: string) =>
  part.replace(/[LMNPQRSTUV]/g, (letter) => String(OMOCODIC_LETTERS.indexOf(letter)));

/** Month letters of the Agenzia delle Entrate, January to December. */
const MONTH_LETTERS = 'ABCDEHLMPRST';

/**
 * The birth date a (pattern-valid, uppercased) code encodes, or undefined when it is no real day:
 * day 1–31 for men, 41–71 for women (day + 40), the month letter, and a date the calendar has.
 * The code carries only two digits of the year (DM 23/12/1976); the century is the one that puts
 * the year not after `today`'s (19YY when 20YY is still to come), as a holder is born before
 * their code is computed (decision 0425). Leap years then follow the Gregorian rule.
 */
export function fiscalCodeBirthDate(code: string, today: Date = new Date()): { year: number; month: number; day: number } | undefined {
  const yy = Number(omocodicDigits(code.slice(6, 8)));
  const month = MONTH_LETTERS.indexOf(code.charAt(8)) + 1;
  const encodedDay = Number(omocodicDigits(code.slice(9, 11)));
  const day = encodedDay > 40 ? encodedDay - 40 : encodedDay;
  if (month < 1 || day < 1 || day > 31 || (encodedDay > 31 && encodedDay < 41)) return undefined;
  const currentYear = today.getUTCFullYear();
  const century = Math.floor(currentYear / 100) * 100;
  const year = century + yy > currentYear ? century - 100 + yy : century + yy;
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 30 February over to March: a real date comes back unchanged.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return { year, month, day };
}

/** Trims and uppercases, the form every fiscal code is stored and compared in. */
export function normalizeFiscalCode(value: string): string {
  return value.trim().toUpperCase();
}

/**
 * What is wrong with a fiscal code, as the Italian message to show, or `undefined` when it is
 * valid. The input is normalized first (lowercase and surrounding spaces are fine).
 */
export function fiscalCodeProblem(value: string): string | undefined {
  const code = normalizeFiscalCode(value);
  if (code === '') return validationMessages.required;
  if (code.length !== FISCAL_CODE_LENGTH) return fiscalCodeMessages.length;
  if (!FISCAL_CODE_PATTERN.test(code)) return fiscalCodeMessages.pattern;
  if (!fiscalCodeBirthDate(code)) return fiscalCodeMessages.birthDate;
  if (fiscalCodeControlChar(code.slice(0, 15)) !== code.charAt(15)) return fiscalCodeMessages.controlChar;
  return undefined;
}

/** True when the (normalized) fiscal code has the right shape and control character. */
export function isValidFiscalCode(value: string): boolean {
  return fiscalCodeProblem(value) === undefined;
}
