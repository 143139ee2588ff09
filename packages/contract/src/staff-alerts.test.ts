import { describe, expect, it } from 'vitest';
import type { OpeningHours } from './shop.js';
import { isEscalationDue, isShopOpenAt, openMinutesBetween, StaffAlertSettingsUpdateSchema } from './staff-alerts.js';

/** Mon–Fri 08:30–12:30 and 15:30–19:30, Saturday morning, Sunday closed. */
const hours: OpeningHours = {
  timezone: 'Europe/Rome',
  text: '',
  week: [1, 2, 3, 4, 5, 6, 7].map((day) => ({
    day,
    label: '',
    intervals:
      day <= 5
        ? [
            { from: '08:30', to: '12:30' },
            { from: '15:30', to: '19:30' },
          ]
        : day === 6
          ? [{ from: '09:00', to: '12:00' }]
          : [],
  })),
};
// 2026-11-27 is a Friday; Rome is UTC+1 in November.
const rome = (iso: string) => Date.parse(`${iso}+01:00`);

describe('openMinutesBetween', () => {
  it('counts only the minutes inside the opening intervals, across days', () => {
    expect(openMinutesBetween(hours, rome('2026-11-27T08:00'), rome('2026-11-27T09:00'))).toBe(30);
    expect(openMinutesBetween(hours, rome('2026-11-27T12:00'), rome('2026-11-27T16:00'))).toBe(60);
    // Friday 19:20 → Saturday 09:20: 10 minutes on Friday, 20 on Saturday.
    expect(openMinutesBetween(hours, rome('2026-11-27T19:20'), rome('2026-11-28T09:20'))).toBe(30);
    // Saturday 11:50 → Monday 08:40: 10 + 0 (Sunday) + 10.
    expect(openMinutesBetween(hours, rome('2026-11-28T11:50'), rome('2026-11-30T08:40'))).toBe(20);
  });

  it('uses Rome wall-clock time in summer too', () => {
    // 2026-07-03 is a Friday; Rome is UTC+2.
    expect(openMinutesBetween(hours, Date.parse('2026-07-03T06:00:00Z'), Date.parse('2026-07-03T07:00:00Z'))).toBe(30);
  });

  it('counts every minute when the shop has no hours', () => {
    expect(openMinutesBetween(null, rome('2026-11-29T03:00'), rome('2026-11-29T04:00'))).toBe(60);
    expect(isShopOpenAt({ ...hours, week: [] }, rome('2026-11-29T03:00'))).toBe(true);
  });
});

describe('isEscalationDue', () => {
  it('is due only while open and after the delay in opening time', () => {
    const created = rome('2026-11-27T19:20');
    expect(isEscalationDue(hours, created, rome('2026-11-27T19:45'), 30)).toBe(false);
    expect(isEscalationDue(hours, created, rome('2026-11-27T22:00'), 30)).toBe(false);
    expect(isEscalationDue(hours, created, rome('2026-11-28T09:19'), 30)).toBe(false);
    expect(isEscalationDue(hours, created, rome('2026-11-28T09:20'), 30)).toBe(true);
    // Long overdue (three open hours) but the shop is closed for lunch: it waits for 15:30.
    expect(isEscalationDue(hours, rome('2026-11-27T09:00'), rome('2026-11-27T13:00'), 30)).toBe(false);
    expect(isEscalationDue(hours, rome('2026-11-27T09:00'), rome('2026-11-27T15:31'), 30)).toBe(true);
    expect(isShopOpenAt(hours, rome('2026-11-28T12:00'))).toBe(false);
    expect(isShopOpenAt(hours, rome('2026-11-28T11:59'))).toBe(true);
  });
});

describe('StaffAlertSettingsUpdateSchema', () => {
  it('refuses a wrong email and minutes out of range in Italian, and reads an empty email as none', () => {
    const bad = StaffAlertSettingsUpdateSchema.safeParse({ email: 'non-email', escalation_minutes: 2 });
    expect(bad.success).toBe(false);
    const issues = bad.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['email', 'Inserire un indirizzo email valido, o lasciare vuoto per usare quello della farmacia.'],
      ['escalation_minutes', 'Inserire un numero intero di minuti tra 5 e 1440.'],
    ]);
    expect(StaffAlertSettingsUpdateSchema.parse({ email: '  ' }).email).toBeNull();
    expect(StaffAlertSettingsUpdateSchema.parse({ email: ' Avvisi@Farmacia.IT ' }).email).toBe('avvisi@farmacia.it');
  });
});
