import { describe, expect, it } from 'vitest';
import { addDays, isCalendarDay } from './calendar-day.js';

describe('addDays, the one day arithmetic of server, app and back office', () => {
  it('crosses months, years and leap days, both ways', () => {
    expect(addDays('2026-11-29', 14)).toBe('2026-12-13');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(addDays('2026-03-29', -30)).toBe('2026-02-27');
    expect(addDays('2026-05-10', 0)).toBe('2026-05-10');
  });

  it('keeps a year below 100 and its four digits (Date.UTC would read 0067 as 1967)', () => {
    expect(addDays('0067-02-28', 1)).toBe('0067-03-01');
    expect(addDays('0100-01-01', -1)).toBe('0099-12-31');
    expect(isCalendarDay(addDays('0004-02-28', 1))).toBe(true);
  });
});
