import { CheckDigitizer, Matcher } from '@marketto/codice-fiscale-utils';
import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random.js';
import { isValidFiscalCode } from './fiscal-code.js';

/**
 * Differential test (issue 21): our fiscal-code rule against the independent
 * @marketto/codice-fiscale-utils (its full-code pattern, which encodes month letters, day ranges
 * per month and sex, leap years and omocodia, plus its check digit) on more than 100,000 codes
 * of every class. The generator is seeded, so a failure reproduces.
 */

const ORACLE_PATTERN = new RegExp(`^(?:${Matcher.CODICE_FISCALE})$`);
const oracleValid = (code: string) => ORACLE_PATTERN.test(code) && CheckDigitizer.checkDigit(code.slice(0, 15)) === code.charAt(15);

const random = seededRandom(21);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = (chars: string) => chars.charAt(int(0, chars.length - 1));
const pad2 = (n: number) => String(n).padStart(2, '0');

const CONSONANTS = 'BCDFGHJKLMNPQRSTVWXYZ';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const MONTHS = 'ABCDEHLMPRST';
const NOT_MONTHS = [...LETTERS].filter((c) => !MONTHS.includes(c)).join('');
const OMOCODES = 'LMNPQRSTUV';
/** The places of the code that hold digits (0-based): year, day, the place's number. */
const DIGIT_PLACES = [6, 7, 9, 10, 12, 13, 14];

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysIn = (month: number, year: number) => [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;

const name = () => pick(CONSONANTS) + pick(CONSONANTS) + pick(LETTERS);
/** A municipality (A–M and a number 001–999) or a foreign country (Z and 100–999). */
const place = () => (random() < 0.8 ? pick('ABCDEFGHIJKLM') + String(int(1, 999)).padStart(3, '0') : `Z${int(100, 999)}`);
const withControl = (first15: string) => first15 + CheckDigitizer.checkDigit(first15);
/** A leap-year two-digit year is leap in both centuries except 00, which resolves to 2000 (leap). */
const yearOf = (yy: number) => 2000 + yy;

function code(yy: number, monthLetter: string, encodedDay: number): string {
  return withControl(`${name()}${name()}${pad2(yy)}${monthLetter}${pad2(encodedDay)}${place()}`);
}

function validCode(): string {
  const yy = int(0, 99);
  const month = int(1, 12);
  const day = int(1, daysIn(month, yearOf(yy)));
  return code(yy, MONTHS.charAt(month - 1), random() < 0.5 ? day : day + 40);
}

function omocodic(valid: string): string {
  const chars = [...valid.slice(0, 15)];
  const places = DIGIT_PLACES.filter(() => random() < 0.5);
  for (const at of places.length ? places : [14]) chars[at] = OMOCODES.charAt(Number(chars[at]));
  return withControl(chars.join(''));
}

function wrongControl(valid: string): string {
  const right = valid.charCodeAt(15) - 65;
  return valid.slice(0, 15) + String.fromCharCode(65 + ((right + int(1, 25)) % 26));
}

function impossibleDay(): string {
  const kind = int(0, 2);
  const encodedDay = kind === 0 ? 0 : kind === 1 ? int(32, 40) : int(72, 99);
  return code(int(0, 99), pick(MONTHS), encodedDay);
}

function impossibleDate(): string {
  const kind = int(0, 2);
  const female = random() < 0.5 ? 40 : 0;
  if (kind === 0) return code(int(0, 99), 'B', int(30, 31) + female); // 30, 31 February
  if (kind === 1) return code(int(0, 99), pick('DHPS'), 31 + female); // 31 April, June, September, November
  let yy = int(0, 99);
  while (yy % 4 === 0) yy = int(0, 99);
  return code(yy, 'B', 29 + female); // 29 February of a common year
}

function wrongMonth(): string {
  return code(int(0, 99), pick(NOT_MONTHS), int(1, 28) + (random() < 0.5 ? 40 : 0));
}

const PER_CLASS = 20_000;

/** The machine may be shared: the work is bounded, the clock is not what is tested. */
const GENEROUS_TIMEOUT_MS = 120_000;

describe('fiscal code rule against @marketto/codice-fiscale-utils', () => {
  const classes: Array<[string, () => string, boolean]> = [
    ['valid', validCode, true],
    ['omocodic', () => omocodic(validCode()), true],
    ['wrong control character', () => wrongControl(validCode()), false],
    ['wrong control character, omocodic', () => wrongControl(omocodic(validCode())), false],
    ['impossible day', impossibleDay, false],
    ['impossible date', impossibleDate, false],
    ['impossible date, omocodic', () => omocodic(impossibleDate()), false],
    ['wrong month letter', wrongMonth, false],
  ];

  it.each(classes)('agrees on %s codes', (_, generate, expected) => {
    const disagreements: string[] = [];
    let asExpected = 0;
    for (let i = 0; i < PER_CLASS; i++) {
      const candidate = generate();
      const ours = isValidFiscalCode(candidate);
      if (ours !== oracleValid(candidate)) disagreements.push(candidate);
      if (ours === expected) asExpected++;
    }
    expect(disagreements.slice(0, 10)).toEqual([]);
    // The class really is what it says (the generator is not silently producing something else).
    expect(asExpected).toBe(PER_CLASS);
  }, GENEROUS_TIMEOUT_MS);

  it('covers the edge days of every month and sex in both centuries', () => {
    const disagreements: string[] = [];
    for (let yy = 0; yy <= 99; yy++) {
      for (const month of MONTHS) {
        for (const encodedDay of [0, 1, 28, 29, 30, 31, 32, 40, 41, 68, 69, 70, 71, 72]) {
          const candidate = code(yy, month, encodedDay);
          if (isValidFiscalCode(candidate) !== oracleValid(candidate)) disagreements.push(candidate);
        }
      }
    }
    expect(disagreements).toEqual([]);
  }, GENEROUS_TIMEOUT_MS);
});
