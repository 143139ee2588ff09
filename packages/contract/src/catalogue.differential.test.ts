import { describe, expect, it } from 'vitest';
import { seededRandom } from './common/seeded-random.js';
import { isValidMinsan, minsanCheckDigit } from './catalogue.js';

/**
 * Differential test (issue 21) of the AIC/minsan check digit, used by the catalogue import and the
 * back office's product routes, against an implementation written here from the Ministry's rule
 * as published (AIFA/Farmadati: "le cifre in posizione dispari si sommano, quelle in posizione pari
 * si raddoppiano sommando le cifre del prodotto; la cifra di controllo è il resto della somma
 * diviso 10"), on more than 100,000 codes: random, valid, one digit changed, two neighbours swapped.
 */

/** The rule as written: positions counted from 1, the digits of every doubled value added up. */
function referenceCheckDigit(first8: string): number {
  let total = 0;
  [...first8].forEach((char, index) => {
    const position = index + 1;
    const value = Number(char) * (position % 2 === 0 ? 2 : 1);
    total += [...String(value)].reduce((sum, digit) => sum + Number(digit), 0);
  });
  return total % 10;
}
const referenceValid = (code: string) => /^[0-9]{9}$/.test(code) && referenceCheckDigit(code.slice(0, 8)) === Number(code[8]);

const random = seededRandom(2021);
const digit = () => String(Math.floor(random() * 10));
const digits = (n: number) => Array.from({ length: n }, digit).join('');
const valid = () => {
  const first8 = digits(8);
  return first8 + referenceCheckDigit(first8);
};

const PER_CLASS = 30_000;

/** The machine may be shared: the work is bounded, the clock is not what is tested. */
const GENEROUS_TIMEOUT_MS = 120_000;

describe('AIC/minsan check digit against the published rule', () => {
  const classes: Array<[string, () => string]> = [
    ['random nine digits', () => digits(9)],
    ['valid', valid],
    [
      'one digit changed',
      () => {
        const code = [...valid()];
        const at = Math.floor(random() * 9);
        code[at] = String((Number(code[at]) + 1 + Math.floor(random() * 9)) % 10);
        return code.join('');
      },
    ],
    [
      'two neighbours swapped',
      () => {
        const code = [...valid()];
        const at = Math.floor(random() * 8);
        [code[at], code[at + 1]] = [code[at + 1]!, code[at]!];
        return code.join('');
      },
    ],
  ];

  it.each(classes)('agrees on %s', (_, generate) => {
    const disagreements: string[] = [];
    for (let i = 0; i < PER_CLASS; i++) {
      const code = generate();
      if (isValidMinsan(code) !== referenceValid(code)) disagreements.push(code);
      if (minsanCheckDigit(code.slice(0, 8)) !== referenceCheckDigit(code.slice(0, 8))) disagreements.push(code);
    }
    expect(disagreements.slice(0, 10)).toEqual([]);
  }, GENEROUS_TIMEOUT_MS);

  it('agrees on every first eight digits with a single non-zero digit, and refuses what is not nine digits', () => {
    for (let at = 0; at < 8; at++) {
      for (let d = 0; d <= 9; d++) {
        const first8 = '0'.repeat(at) + d + '0'.repeat(7 - at);
        expect(minsanCheckDigit(first8), first8).toBe(referenceCheckDigit(first8));
      }
    }
    for (const code of ['01274509', '0127450930', '01274509A', ' 12745093', '０12745093', '']) expect(isValidMinsan(code), code).toBe(false);
  }, GENEROUS_TIMEOUT_MS);
});
