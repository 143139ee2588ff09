import { describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, formatLongDate, formatMonthYear, formatTime, toDate } from './dates.js';

describe('Italian date formats in Europe/Rome (tests run with TZ=UTC)', () => {
  it('formats a day as dd/mm/yyyy', () => {
    expect(formatDate('2025-12-25')).toBe('25/12/2025');
    expect(formatDate('2025-03-30')).toBe('30/03/2025'); // DST change day stays the same day
  });

  it('shows an instant in Rome time, across the day boundary', () => {
    // 22:30 UTC in summer is 00:30 of the next day in Rome.
    expect(formatDateTime('2025-07-01T22:30:00Z')).toBe('02/07/2025 00:30');
    // 23:30 UTC in winter is 00:30 of the next day in Rome.
    expect(formatDateTime('2025-01-01T23:30:00Z')).toBe('02/01/2025 00:30');
    expect(formatTime(new Date('2025-01-10T08:05:00Z'))).toBe('09:05');
  });

  it('passes slot times through as Rome wall-clock HH:mm', () => {
    expect(formatTime('09:05:00')).toBe('09:05');
    expect(formatTime('18:30')).toBe('18:30');
  });

  it('formats month and year, and the long date', () => {
    expect(formatMonthYear('2025-12-01')).toBe('dicembre 2025');
    expect(formatLongDate('2025-12-25')).toBe('giovedì 25 dicembre 2025');
  });

  it('gives an empty string for invalid input', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(Number.NaN)).toBe('');
    expect(formatMonthYear('2025-13-45')).toBe('');
  });

  it('reads a bare day at noon UTC', () => {
    expect(toDate('2025-03-30').toISOString()).toBe('2025-03-30T12:00:00.000Z');
  });
});

describe('dates: formatters made on first use (issue 22)', () => {
  it('creates no Intl formatter when loaded, and only the one a call needs', async () => {
    const original = Intl.DateTimeFormat;
    let made = 0;
    // A counting stand-in (a spy would not construct a working formatter).
    Intl.DateTimeFormat = class extends original {
      constructor(...args: ConstructorParameters<typeof original>) {
        super(...args);
        made++;
      }
    } as typeof original;
    try {
      vi.resetModules();
      const fresh = await import('./dates.js');
      expect(made).toBe(0);
      // A calendar day needs no Intl at all (decision 0580): the booking calendar's first render.
      expect(fresh.formatMonthYear('2025-12-25')).toBe('dicembre 2025');
      expect(fresh.formatLongDate('2025-12-25')).toBe('giovedì 25 dicembre 2025');
      expect(fresh.formatDate('2025-12-25')).toBe('25/12/2025');
      expect(made).toBe(0);
      expect(fresh.formatMonthYear(new Date('2025-12-25T12:00:00Z'))).toBe('dicembre 2025');
      expect(fresh.formatMonthYear(new Date('2026-01-02T12:00:00Z'))).toBe('gennaio 2026');
      expect(made).toBe(1);
    } finally {
      Intl.DateTimeFormat = original;
    }
  });
});

describe('dates: a calendar day written without Intl (decision 0580)', () => {
  const rome = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', ...options });
  const long = rome({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const monthYear = rome({ month: 'long', year: 'numeric' });
  const short = rome({ day: '2-digit', month: '2-digit', year: 'numeric' });

  it('writes every day of 1999–2041 as Intl does for it-IT', () => {
    const wrong: string[] = [];
    for (let t = Date.UTC(1999, 0, 1, 12); t < Date.UTC(2042, 0, 1); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      const at = new Date(t);
      if (formatLongDate(day) !== long.format(at) || formatMonthYear(day) !== monthYear.format(at) || formatDate(day) !== short.format(at)) wrong.push(day);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('leaves an impossible day to Date and Intl, as before', () => {
    // Date rolls 30 February over to 2 March; the formats always did the same.
    expect(formatDate('2025-02-30')).toBe('02/03/2025');
    expect(formatLongDate('2025-02-30')).toBe(long.format(new Date('2025-03-02T12:00:00Z')));
  });
});
