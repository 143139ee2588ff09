import { describe, expect, it } from 'vitest';
import { messageSamples } from './fixtures/messages.js';
import { parsePrescriptionMessage } from './message.js';

describe('parsePrescriptionMessage reads the corpus of real-format messages', () => {
  it('has enough samples, near-misses included', () => {
    expect(messageSamples.length).toBeGreaterThanOrEqual(25);
    expect(messageSamples.filter((s) => s.nres.length === 0 && s.fiscalCodes.length === 0).length).toBeGreaterThanOrEqual(8);
  });

  it.each(messageSamples.map((s) => [s.name, s] as const))('%s', (_name, sample) => {
    expect(parsePrescriptionMessage(sample.text)).toEqual({ nres: sample.nres, fiscalCodes: sample.fiscalCodes });
  });
});

describe('a single wrong character never fills a value', () => {
  const nre = '1200A4012345678';
  const fiscalCode = 'BNCLRA90A41H501F';

  it('any one character of the fiscal code changed is refused (the control character catches it)', () => {
    for (let i = 0; i < 16; i++) {
      for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789') {
        if (c === fiscalCode[i]) continue;
        const variant = fiscalCode.slice(0, i) + c + fiscalCode.slice(i + 1);
        expect(parsePrescriptionMessage(`CF ${variant}`).fiscalCodes, variant).toEqual([]);
      }
    }
  });

  it('a dropped or doubled character makes no NRE', () => {
    for (let i = 0; i < 15; i++) {
      const dropped = nre.slice(0, i) + nre.slice(i + 1);
      const doubled = nre.slice(0, i) + nre[i] + nre.slice(i);
      expect(parsePrescriptionMessage(`NRE ${dropped} e ${doubled}`).nres).toEqual([]);
    }
  });
});
