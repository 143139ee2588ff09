import { describe, expect, it } from 'vitest';
import { centsToEuro, euroToCents, formatCents, formatEuro, roundEuro } from './money.js';

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
