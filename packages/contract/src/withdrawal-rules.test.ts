import { describe, expect, it } from 'vitest';
import { withdrawalMessages } from './common/withdrawal-messages.js';
import {
  isItalianPublicHoliday,
  type WithdrawalOrderFacts,
  withdrawalLastDay,
  withdrawalLinesProblems,
  withdrawalRefusalText,
  withdrawalVerdict,
} from './withdrawal-rules.js';

const cream = { code: '900001', name: 'Crema mani', quantity: 2, medicine: false, unavailable: false };
const tachipirina = { code: '012745093', name: 'Tachipirina 500 mg', quantity: 1, medicine: true, unavailable: false };
const missing = { code: '900002', name: 'Spazzolino', quantity: 1, medicine: false, unavailable: true };

/** Received on Monday 2 November 2026 at 11:00 in Rome (CET, UTC+1). */
const received: WithdrawalOrderFacts = {
  status: 'completed',
  received_at: '2026-11-02T10:00:00.000Z',
  products: [cream, tachipirina, missing],
  withdrawn: false,
};

describe('the withdrawal period (decision 0698)', () => {
  it('ends with the 14th day after the day the goods were received, in Rome', () => {
    expect(withdrawalLastDay('2026-11-02T10:00:00.000Z')).toBe('2026-11-16');
    // 00:30 in Rome on Wednesday the 4th is still the 3rd in UTC: Rome's day counts.
    expect(withdrawalLastDay('2026-11-03T23:30:00.000Z')).toBe('2026-11-18');
  });

  it('is open until 23:59 in Rome of the last day, closed from midnight', () => {
    expect(withdrawalVerdict(received, new Date('2026-11-16T22:59:59.000Z')).refusal).toBeNull();
    const after = withdrawalVerdict(received, new Date('2026-11-16T23:00:00.000Z'));
    expect(after.refusal).toBe('periodOver');
    expect(withdrawalRefusalText('periodOver', after.last_day)).toBe('Il periodo di recesso di 14 giorni è terminato il 16/11/2026.');
  });

  it('moves past a weekend or a public holiday to the next working day', () => {
    // 14 days after 11 December 2026 is Christmas (Friday): St Stephen, Sunday, then Monday the 28th.
    expect(withdrawalLastDay('2026-12-11T10:00:00.000Z')).toBe('2026-12-28');
    // A Saturday → Monday.
    expect(withdrawalLastDay('2026-11-07T10:00:00.000Z')).toBe('2026-11-23');
    // Easter Monday 2027 is 29 March.
    expect(isItalianPublicHoliday('2027-03-29')).toBe(true);
    expect(withdrawalLastDay('2027-03-15T10:00:00.000Z')).toBe('2027-03-30');
    // St Francis is a national holiday again from 2026.
    expect(isItalianPublicHoliday('2026-10-04')).toBe(true);
    expect(isItalianPublicHoliday('2025-10-04')).toBe(false);
  });
});

describe('which orders and lines may be withdrawn', () => {
  const now = new Date('2026-11-05T10:00:00.000Z');

  it('only once received: not before the order is completed', () => {
    for (const status of ['confirmed', 'processing', 'shipped'] as const) {
      expect(withdrawalVerdict({ ...received, status }, now)).toMatchObject({ refusal: 'notReceived', last_day: null });
    }
    expect(withdrawalVerdict({ ...received, received_at: null }, now).refusal).toBe('notReceived');
    expect(withdrawalVerdict({ ...received, status: 'cancelled', received_at: null }, now).refusal).toBe('cancelled');
  });

  it('once per order', () => {
    expect(withdrawalVerdict({ ...received, withdrawn: true }, now).refusal).toBe('alreadyWithdrawn');
  });

  it('never a medicine nor a line not delivered; an order of medicines only is refused', () => {
    const verdict = withdrawalVerdict(received, now);
    expect(verdict.refusal).toBeNull();
    expect(verdict.lines.map((l) => [l.code, l.refusal])).toEqual([
      ['900001', null],
      ['012745093', 'medicine'],
      ['900002', 'unavailable'],
    ]);
    expect(withdrawalVerdict({ ...received, products: [tachipirina, missing] }, now).refusal).toBe('nothingReturnable');
  });

  it('checks the lines a withdrawal names', () => {
    const verdict = withdrawalVerdict(received, now);
    expect(withdrawalLinesProblems(verdict, ['900001'])).toEqual([]);
    expect(withdrawalLinesProblems(verdict, [])).toEqual([withdrawalMessages.linesRequired]);
    expect(withdrawalLinesProblems(verdict, ['000000'])).toEqual(['Il prodotto 000000 non fa parte di questo ordine.']);
    expect(withdrawalLinesProblems(verdict, ['900001', '012745093'])).toEqual([
      `«Tachipirina 500 mg» non si può restituire: ${withdrawalMessages.lineRefusal.medicine}`,
    ]);
  });
});
