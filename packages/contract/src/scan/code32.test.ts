import { describe, expect, it } from 'vitest';
import { minsanCheckDigit } from '../catalogue.js';
import { aicToCode32, code32ToAic } from './code32.js';

/** A deterministic spread of 8-digit AIC bodies (no Math.random: the test is the same every run). */
function aicBodies(count: number): string[] {
  const bodies: string[] = [];
  for (let i = 0, x = 12_745_09; i < count; i++) {
    x = (x * 1_103_515_245 + 12_345) % 100_000_000;
    bodies.push(String(x).padStart(8, '0'));
  }
  return ['00000000', '99999999', '01274509', ...bodies];
}

describe('Code 32 ↔ AIC', () => {
  // 12745093 = 12·32⁴ + 4·32³ + 30·32² + 12·32 + 5 → 0 D 4 Y D 5 (worked by hand, not by the code under test)
  it('converts the known pack: TACHIPIRINA 500 MG 20 CPR, AIC 012745093', () => {
    expect(aicToCode32('012745093')).toBe('0D4YD5');
    expect(code32ToAic('0D4YD5')).toBe('012745093');
    expect(code32ToAic(' 0d4yd5 ')).toBe('012745093');
    expect(code32ToAic('A012745093')).toBe('012745093');
    expect(code32ToAic('012745093')).toBe('012745093');
  });

  it('round-trips every AIC of a wide sample, always six characters', () => {
    for (const body of aicBodies(2000)) {
      const aic = body + minsanCheckDigit(body);
      const code = aicToCode32(aic);
      expect(code, aic).toMatch(/^[0-9B-DF-HJ-NP-Z]{6}$/);
      expect(code32ToAic(code!), aic).toBe(aic);
    }
  });

  it('refuses every wrong check digit, in both directions and in the printed A-form', () => {
    for (const body of aicBodies(300)) {
      const right = minsanCheckDigit(body);
      for (let d = 0; d <= 9; d++) {
        if (d === right) continue;
        const wrong = body + d;
        expect(aicToCode32(wrong), wrong).toBeNull();
        expect(code32ToAic(`A${wrong}`), wrong).toBeNull();
        // the six characters of the wrong number, as a misprinted symbol would carry them
        let value = Number(wrong);
        let text = '';
        for (let i = 0; i < 6; i++, value = Math.floor(value / 32)) text = '0123456789BCDFGHJKLMNPQRSTUVWXYZ'[value % 32] + text;
        expect(code32ToAic(text), text).toBeNull();
      }
    }
  });

  it('refuses what is not Code 32: vowels, wrong lengths, past nine digits', () => {
    for (const bad of ['0C5Q1', '0C5Q1XX', '0C5Q1A', 'E12345', 'ZZZZZZ', '', 'A01274509', 'B012745093']) {
      expect(code32ToAic(bad), bad).toBeNull();
    }
  });
});
