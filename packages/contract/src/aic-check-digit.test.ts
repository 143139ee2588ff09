import { describe, expect, it } from 'vitest';
import { isValidMinsan, minsanCheckDigit } from './catalogue.js';

describe('the AIC check digit takes exactly 8 digits', () => {
  it('refuses more, fewer, or anything around them', () => {
    for (const bad of ['012745093', '0127450', 'x01274509', '01274509x', ' 01274509', '0127450a']) {
      expect(() => minsanCheckDigit(bad), bad).toThrow(new RangeError('minsanCheckDigit needs exactly 8 digits'));
    }
    expect(isValidMinsan('0012745093')).toBe(false);
    expect(isValidMinsan('x12745093')).toBe(false);
  });
});
