import { describe, expect, it } from 'vitest';
import { centsToEuro, euroToCents, formatCents, formatEuro, formatItalianInteger, roundEuro } from './money.js';

const NBSP = '\u00a0';

describe('formatEuro (it-IT as Intl produces it)', () => {
  it('formats 0, 1.23 and 1234.5 with 2 decimals and the symbol after a no-break space', () => {
    expect(formatEuro(0)).toBe(`0,00${NBSP}€`);
    expect(formatEuro(1.23)).toBe(`1,23${NBSP}€`);
    expect(formatEuro(1234.5)).toBe(`1234,50${NBSP}€`);
  });

  it('groups thousands from five digits and rounds to the cent', () => {
    expect(formatEuro(12345.6)).toBe(`12.345,60${NBSP}€`);
    expect(formatEuro(1.005)).toBe(`1,01${NBSP}€`);
    expect(formatEuro(0.1 + 0.2)).toBe(`0,30${NBSP}€`);
  });

  it('formats cents', () => {
    expect(formatCents(123)).toBe(`1,23${NBSP}€`);
    expect(formatCents(-250)).toBe(`-2,50${NBSP}€`);
  });
});

describe('euro and cents', () => {
  it('converts without float drift', () => {
    expect(euroToCents(1.005)).toBe(101);
    expect(euroToCents(0.1 + 0.2)).toBe(30);
    expect(euroToCents(19.99)).toBe(1999);
    expect(euroToCents(-1.005)).toBe(-101);
    expect(euroToCents(0)).toBe(0);
    expect(Object.is(euroToCents(-0.001), 0)).toBe(true);
  });

  it('turns cents back into euro with 2 decimals', () => {
    expect(centsToEuro(1999)).toBe(19.99);
    expect(centsToEuro(123.6)).toBe(1.24);
    expect(roundEuro(2.675)).toBe(2.68);
  });

  it('sums in cents give exact euro', () => {
    const total = [0.1, 0.2, 0.3].reduce((sum, e) => sum + euroToCents(e), 0);
    expect(centsToEuro(total)).toBe(0.6);
  });
});

describe('the formats written out are the ones Intl produces for it-IT (decision 0376)', () => {
  const intlEuro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });
  it('formatEuro and formatCents, for amounts of every size, sign and float noise', () => {
    const amounts = [0, -0, 0.004, -0.004, 0.005, 1.005, 2.675, 0.1 + 0.2, 999.995, 1000, 9999.99, 10000, 123456.78, 1234567.891, 98765432.1];
    let seed = 7;
    for (let i = 0; i < 3000; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      amounts.push(((seed / 2147483648) * 10 ** (i % 9)) / 100);
    }
    for (const amount of [...amounts, ...amounts.map((a) => -a)]) {
      expect(formatEuro(amount), String(amount)).toBe(intlEuro.format(roundEuro(amount)));
      const cents = Math.round(amount * 100);
      expect(formatCents(cents), String(cents)).toBe(intlEuro.format(centsToEuro(cents)));
    }
  });
  it('formatItalianInteger', () => {
    for (const n of [0, 7, 999, 1000, 9999, 10000, 99999, 100000, 1234567, 1000000000, -5, -1000, -12345]) {
      expect(formatItalianInteger(n)).toBe(n.toLocaleString('it-IT'));
    }
  });
});
