import { describe, expect, it } from 'vitest';
import { addMinutes, addMonths, calendarMonths, monthGrid, weekdays } from '../../lib/calendar';
import { upcomingReservations } from '../../lib/reservations-api';
import { formatPhone } from '../../lib/format-phone';

describe('booking calendar', () => {
  it('lays a month out Monday first, padding before the 1st and after the last day', () => {
    // February 2027 starts on a Monday and has exactly four weeks.
    const feb = monthGrid('2027-02');
    expect(feb).toHaveLength(4);
    expect(feb[0]?.[0]?.day).toBe('2027-02-01');
    expect(feb[3]?.[6]?.day).toBe('2027-02-28');
    // March 2026 starts on a Sunday: six empty cells, then the 1st under 'dom'.
    const march = monthGrid('2026-03');
    expect(march[0]?.slice(0, 6).every((c) => c.day === null)).toBe(true);
    expect(march[0]?.[6]?.day).toBe('2026-03-01');
    expect(march.every((week) => week.length === 7)).toBe(true);
    expect(new Set(march.flat().map((c) => c.key)).size).toBe(march.length * 7);
    expect(weekdays().map((w) => w.short)).toEqual(['lun', 'mar', 'mer', 'gio', 'ven', 'sab', 'dom']);
    // As Intl writes them for it-IT (2024-01-01 was a Monday).
    const short = new Intl.DateTimeFormat('it-IT', { weekday: 'short', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat('it-IT', { weekday: 'long', timeZone: 'UTC' });
    expect(weekdays()).toEqual(
      Array.from({ length: 7 }, (_, i) => ({ short: short.format(new Date(Date.UTC(2024, 0, 1 + i))).replace('.', ''), long: long.format(new Date(Date.UTC(2024, 0, 1 + i))) })),
    );
  });

  it('spans the current month and the next two, across the year end', () => {
    expect(calendarMonths('2026-11-21')).toEqual({ first: '2026-11', last: '2027-01' });
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
  });

  it('adds a duration to a slot time', () => {
    expect(addMinutes('09:30', 45)).toBe('10:15:00');
    expect(addMinutes('23:50', 20)).toBe('00:10:00');
  });

  it('writes the profile phone as people do', () => {
    expect(formatPhone('393331234567')).toBe('+39 333 1234567');
    expect(formatPhone(null)).toBe('—');
  });
});

describe('reservations list', () => {
  it('counts upcoming booked reservations for the tab badge', () => {
    const base = {
      start_appointment: '09:00:00',
      end_appointment: '09:30:00',
      note: null,
      service: { id: 1, name: 'x', duration: 30, price: 5, booking_cancellations: 1 },
      shop_service: null,
      event: null,
      staff: { id: 1, name: 'y' },
      cancellable: true,
      cancellable_until: '2027-01-01',
      created_at: '2026-12-01T00:00:00.000Z',
      cancelled_at: null,
    };
    const list = [
      { ...base, id: 1, day: '2027-01-09', status: 'booked' as const },
      { ...base, id: 2, day: '2027-01-10', status: 'booked' as const },
      { ...base, id: 3, day: '2027-01-11', status: 'cancelled' as const },
    ];
    expect(upcomingReservations(list, { day: '2027-01-10', time: '09:29:59' }).map((r) => r.id)).toEqual([2]);
    // Ended this morning: past, as the server orders it.
    expect(upcomingReservations(list, { day: '2027-01-10', time: '09:30:00' }).map((r) => r.id)).toEqual([]);
  });
});
