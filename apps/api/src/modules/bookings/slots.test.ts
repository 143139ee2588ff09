import { describe, expect, it } from 'vitest';
import { calendarRange, normalizeTime, romeDay, romeDayBounds, romeInstant, romeParts } from './rome-time.js';
import { availableDays, type BusyInterval, checkSlot, freeSlots, type SlotRules, type StaffSchedule } from './slots.js';

// 2026: summer time starts Sunday 29 March (02:00 → 03:00) and ends Sunday 25 October (03:00 → 02:00).
const SPRING = '2026-03-29';
const AUTUMN = '2026-10-25';

const weekdays = (start: string, end: string) => [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start, end }));
const everyDay = (start: string, end: string) => [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start, end }));

function rules(over: Partial<SlotRules> & { staff: StaffSchedule[] }): SlotRules {
  return {
    duration: 30,
    paddingAfter: 0,
    closures: [],
    busy: [],
    now: new Date('2026-01-01T00:00:00Z'),
    firstDay: '2026-01-01',
    lastDay: '2026-12-31',
    ...over,
  };
}

const times = (r: SlotRules, day: string) => freeSlots(r, day).map((s) => s.time);
const busy = (staffId: number, day: string, start: string, end: string): BusyInterval => ({
  staffId,
  startMs: romeInstant(day, start),
  endMs: romeInstant(day, end),
});

describe('Rome wall-clock time', () => {
  it('converts winter and summer times with their offsets', () => {
    expect(new Date(romeInstant('2026-01-15', '09:00')).toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(new Date(romeInstant('2026-07-15', '09:00')).toISOString()).toBe('2026-07-15T07:00:00.000Z');
    expect(romeParts(Date.parse('2026-07-15T22:30:00Z'))).toEqual({ day: '2026-07-16', time: '00:30:00' });
  });

  it('moves a time of the spring gap forward and takes the first of a repeated autumn time', () => {
    expect(new Date(romeInstant(SPRING, '02:30')).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(romeParts(romeInstant(SPRING, '02:30')).time).toBe('03:30:00');
    expect(new Date(romeInstant(AUTUMN, '02:30')).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(new Date(romeInstant(AUTUMN, '03:00')).toISOString()).toBe('2026-10-25T02:00:00.000Z');
  });

  it('knows which day it is in Rome near midnight UTC', () => {
    expect(romeDay(new Date('2026-03-31T22:30:00Z'))).toBe('2026-04-01');
    expect(romeDay(new Date('2026-01-31T22:59:59Z'))).toBe('2026-01-31');
    expect(romeDay(new Date('2026-01-31T23:00:00Z'))).toBe('2026-02-01');
    // Years before 1000 keep four digits, as the contract's days are written (0100 is the first it takes).
    expect(romeDay(new Date(romeDayBounds('0100-01-01').endMs - 1))).toBe('0100-01-01');
    expect(romeParts(romeInstant('0999-12-31', '12:00')).day).toBe('0999-12-31');
  });

  it('validates times (days: the contract\'s isCalendarDay)', () => {
    expect(normalizeTime('9:00')).toBeUndefined();
    expect(normalizeTime('09:00')).toBe('09:00:00');
    expect(normalizeTime('23:59:59')).toBe('23:59:59');
    expect(normalizeTime('24:00')).toBeUndefined();
  });

  it('spans the calendar from today to the end of the month after next', () => {
    expect(calendarRange(new Date('2026-11-21T10:00:00Z'))).toEqual({ firstDay: '2026-11-21', lastDay: '2027-01-31' });
    expect(calendarRange(new Date('2026-12-31T23:30:00Z'))).toEqual({ firstDay: '2027-01-01', lastDay: '2027-03-31' });
    expect(calendarRange(new Date('2026-12-15T12:00:00Z')).lastDay).toBe('2027-02-28');
  });
});

describe('slot generation', () => {
  const monday = '2026-02-02';

  it('steps by duration plus padding and keeps every appointment inside the hours', () => {
    const r = rules({ duration: 20, paddingAfter: 10, staff: [{ id: 1, hours: weekdays('09:00', '11:00') }] });
    expect(times(r, monday)).toEqual(['09:00', '09:30', '10:00', '10:30']);
    // 45 minutes do not fit after 10:30 in a 09:00–11:00 window of 45-minute steps.
    const long = rules({ duration: 45, staff: [{ id: 1, hours: weekdays('09:00', '11:00') }] });
    expect(times(long, monday)).toEqual(['09:00', '09:45']);
  });

  it('lets the padding of the last appointment run past closing time', () => {
    const r = rules({ duration: 30, paddingAfter: 15, staff: [{ id: 1, hours: weekdays('09:00', '10:15') }] });
    expect(times(r, monday)).toEqual(['09:00', '09:45']);
  });

  it('follows the weekday and split hours', () => {
    const staff = [
      {
        id: 1,
        hours: [
          { weekday: 1, start: '09:00', end: '10:00' },
          { weekday: 1, start: '15:00', end: '16:00' },
          { weekday: 2, start: '11:00', end: '12:00' },
        ],
      },
    ];
    expect(times(rules({ staff }), monday)).toEqual(['09:00', '09:30', '15:00', '15:30']);
    expect(times(rules({ staff }), '2026-02-03')).toEqual(['11:00', '11:30']);
    expect(times(rules({ staff }), '2026-02-04')).toEqual([]);
  });

  it('treats a reservation as busy until its end plus its padding', () => {
    const staff = [{ id: 1, hours: weekdays('09:00', '12:00') }];
    // Booked 09:30–10:00 with 15 minutes of padding: busy until 10:15.
    const r = rules({ staff, busy: [busy(1, monday, '09:30', '10:15')] });
    expect(times(r, monday)).toEqual(['09:00', '10:30', '11:00', '11:30']);
    // The candidate's own padding must be free too: 30 + 30 at 09:00 runs into 09:45; ending
    // exactly when the next appointment starts is fine.
    const padded = rules({ staff, paddingAfter: 30, busy: [busy(1, monday, '09:45', '10:30')] });
    expect(times(padded, monday)).toEqual(['11:00']);
    const touching = rules({ staff, paddingAfter: 30, busy: [busy(1, monday, '10:00', '10:30')] });
    expect(times(touching, monday)).toEqual(['09:00', '11:00']);
  });

  it('blocks overlapping services of different lengths on one staff member', () => {
    const staff = [{ id: 1, hours: weekdays('09:00', '12:00') }];
    // A 15-minute test at 09:15 blocks the 30-minute service at 09:00 although their starts differ.
    const r = rules({ staff, busy: [busy(1, monday, '09:15', '09:30')] });
    expect(times(r, monday)).not.toContain('09:00');
    expect(times(r, monday)).toContain('09:30');
    expect(checkSlot(r, monday, '09:00:00', 1)).toEqual({ ok: false, reason: 'taken' });
  });

  it('offers a time when at least one qualified staff member is free, with that member', () => {
    const staff = [
      { id: 2, hours: weekdays('09:00', '10:00') },
      { id: 1, hours: weekdays('09:00', '10:00') },
    ];
    const r = rules({ staff, busy: [busy(1, monday, '09:00', '09:30')] });
    expect(freeSlots(r, monday).map((s) => [s.time, s.staffId])).toEqual([
      ['09:00', 2],
      ['09:30', 1],
    ]);
    const both = rules({ staff, busy: [busy(1, monday, '09:00', '09:30'), busy(2, monday, '09:00', '09:30')] });
    expect(times(both, monday)).toEqual(['09:30']);
  });

  it('merges staff on different grids into one sorted list of times', () => {
    const staff = [
      { id: 1, hours: weekdays('09:00', '10:00') },
      { id: 2, hours: weekdays('09:15', '10:15') },
    ];
    expect(times(rules({ staff }), monday)).toEqual(['09:00', '09:15', '09:30', '09:45']);
  });

  it('removes closures of the staff member and of the whole shop, all day or by hours', () => {
    const staff = [
      { id: 1, hours: everyDay('09:00', '12:00') },
      { id: 2, hours: everyDay('09:00', '10:00') },
    ];
    const saturday = '2026-02-07';
    const r = rules({
      staff,
      closures: [
        { staffId: null, from: saturday, to: saturday, start: null, end: null },
        { staffId: 1, from: '2026-02-09', to: '2026-02-10', start: null, end: null },
        { staffId: 1, from: monday, to: monday, start: '10:00', end: '11:00' },
      ],
    });
    expect(times(r, saturday)).toEqual([]);
    expect(times(r, '2026-02-08')).toHaveLength(6);
    expect(freeSlots(r, '2026-02-09').map((s) => s.staffId)).toEqual([2, 2]);
    // The grid restarts after a closure by hours.
    expect(times(r, monday)).toEqual(['09:00', '09:30', '11:00', '11:30']);
    expect(checkSlot(r, saturday, '09:00', 1)).toEqual({ ok: false, reason: 'unavailable' });
  });

  it('offers no slot in the past nor the one starting right now', () => {
    const staff = [{ id: 1, hours: weekdays('09:00', '11:00') }];
    const r = rules({ staff, now: new Date(romeInstant(monday, '09:30')), firstDay: monday });
    expect(times(r, monday)).toEqual(['10:00', '10:30']);
    expect(times(r, '2026-01-30')).toEqual([]);
    expect(checkSlot(r, monday, '09:30', 1)).toEqual({ ok: false, reason: 'unavailable' });
  });

  it('offers nothing beyond the calendar range, and the range follows Rome across a month edge', () => {
    // 23:30 UTC on 31 March is already 1 April in Rome: March is over, June is the last month.
    const now = new Date('2026-03-31T22:30:00Z');
    const staff = [{ id: 1, hours: everyDay('09:00', '10:00') }];
    const r = rules({ staff, now, ...calendarRange(now) });
    expect(times(r, '2026-03-31')).toEqual([]);
    expect(times(r, '2026-04-01')).toEqual(['09:00', '09:30']);
    expect(times(r, '2026-06-30')).toEqual(['09:00', '09:30']);
    expect(times(r, '2026-07-01')).toEqual([]);
    const days = availableDays(r, '2026-03-01', '2026-12-31');
    expect(days[0]).toBe('2026-04-01');
    expect(days.at(-1)).toBe('2026-06-30');
    expect(days).toHaveLength(30 + 31 + 30);
  });

  it('lists the days of a month with a free slot', () => {
    const staff = [{ id: 1, hours: weekdays('09:00', '09:30') }];
    const r = rules({
      staff,
      busy: [busy(1, '2026-02-03', '09:00', '09:30')],
      closures: [{ staffId: null, from: '2026-02-04', to: '2026-02-05', start: null, end: null }],
    });
    const feb = availableDays(r, '2026-02-01', '2026-02-28');
    expect(feb.slice(0, 3)).toEqual(['2026-02-02', '2026-02-06', '2026-02-09']);
    expect(feb).toHaveLength(20 - 3);
  });

  it('never offers a time that does not exist on the spring change day', () => {
    // A night pharmacy open 00:00–06:00: five real hours on the change day.
    const r = rules({ staff: [{ id: 1, hours: everyDay('00:00', '06:00') }] });
    const slots = freeSlots(r, SPRING);
    expect(slots.map((s) => s.time)).toEqual([
      '00:00', '00:30', '01:00', '01:30', '03:00', '03:30', '04:00', '04:30', '05:00', '05:30',
    ]);
    for (const s of slots) {
      expect(romeInstant(SPRING, s.time)).toBe(s.startMs);
      expect(s.endMs - s.startMs).toBe(30 * 60_000);
    }
    // Hours starting inside the gap begin when the clock jumps.
    const gap = rules({ staff: [{ id: 1, hours: everyDay('02:30', '04:00') }] });
    expect(times(gap, SPRING)).toEqual(['03:30']);
  });

  it('never offers one wall-clock time twice on the autumn change day', () => {
    const r = rules({ staff: [{ id: 1, hours: everyDay('00:00', '06:00') }] });
    const slots = freeSlots(r, AUTUMN);
    const list = slots.map((s) => s.time);
    expect(new Set(list).size).toBe(list.length);
    expect(list).toEqual([
      '00:00', '00:30', '01:00', '01:30', '02:00', '02:30', '03:00', '03:30', '04:00', '04:30', '05:00', '05:30',
    ]);
    // Each time names exactly the instant it was generated for (the first 02:00 is summer time).
    for (const s of slots) expect(romeInstant(AUTUMN, s.time)).toBe(s.startMs);
    expect(new Date(slots[4]!.startMs).toISOString()).toBe('2026-10-25T00:00:00.000Z');
    // 45-minute steps cross the repeated hour off the grid of the first pass: still no repeats.
    const odd = freeSlots(rules({ duration: 45, staff: [{ id: 1, hours: everyDay('00:00', '06:00') }] }), AUTUMN);
    const oddTimes = odd.map((s) => s.time);
    expect(new Set(oddTimes).size).toBe(oddTimes.length);
    expect([...oddTimes].sort()).toEqual(oddTimes);
    for (const s of odd) expect(romeInstant(AUTUMN, s.time)).toBe(s.startMs);
  });

  it('keeps day-time hours unchanged on both change days', () => {
    const staff = [{ id: 1, hours: everyDay('09:00', '10:00') }];
    for (const day of [SPRING, AUTUMN]) {
      const slots = freeSlots(rules({ staff }), day);
      expect(slots.map((s) => s.time)).toEqual(['09:00', '09:30']);
      expect(romeParts(slots[0]!.startMs)).toEqual({ day, time: '09:00:00' });
    }
    expect(new Date(freeSlots(rules({ staff }), SPRING)[0]!.startMs).toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(new Date(freeSlots(rules({ staff }), AUTUMN)[0]!.startMs).toISOString()).toBe('2026-10-25T08:00:00.000Z');
  });

  it('checks a requested slot: grid, seconds, qualification', () => {
    const r = rules({ staff: [{ id: 1, hours: weekdays('09:00', '10:00') }] });
    expect(checkSlot(r, monday, '09:30:00', 1).ok).toBe(true);
    expect(checkSlot(r, monday, '09:30', 1).ok).toBe(true);
    expect(checkSlot(r, monday, '09:15', 1)).toEqual({ ok: false, reason: 'unavailable' });
    expect(checkSlot(r, monday, '09:30:10', 1)).toEqual({ ok: false, reason: 'unavailable' });
    expect(checkSlot(r, monday, '09:30', 7)).toEqual({ ok: false, reason: 'unavailable' });
  });

  it('offers event services only inside the event windows, ignoring weekly hours and shop closures', () => {
    const saturday = '2026-02-07';
    const staff = [
      { id: 1, hours: weekdays('09:00', '12:00') },
      { id: 2, hours: weekdays('09:00', '12:00') },
    ];
    const r = rules({
      staff,
      duration: 20,
      paddingAfter: 10,
      eventWindows: [{ startMs: romeInstant(saturday, '15:00'), endMs: romeInstant(saturday, '16:00') }],
      closures: [
        { staffId: null, from: saturday, to: saturday, start: null, end: null },
        { staffId: 1, from: saturday, to: saturday, start: '15:00', end: '15:30' },
      ],
      busy: [busy(2, saturday, '15:30', '16:00')],
    });
    expect(freeSlots(r, saturday).map((s) => [s.time, s.staffId])).toEqual([
      ['15:00', 2],
      ['15:30', 1],
    ]);
    expect(times(r, '2026-02-09')).toEqual([]);
  });

  it('rounds an event window saved with seconds up to the minute and clips it to the day', () => {
    const saturday = '2026-02-07';
    const staff = [{ id: 1, hours: [] }];
    const seconds = rules({ staff, eventWindows: [{ startMs: romeInstant(saturday, '15:00') + 20_000, endMs: romeInstant(saturday, '16:01') }] });
    expect(times(seconds, saturday)).toEqual(['15:01', '15:31']);
    // A window over midnight gives each day its own part.
    const night = rules({ staff, eventWindows: [{ startMs: romeInstant(saturday, '23:00'), endMs: romeInstant('2026-02-08', '01:00') }] });
    expect(times(night, saturday)).toEqual(['23:00', '23:30']);
    expect(times(night, '2026-02-08')).toEqual(['00:00', '00:30']);
  });

  it('keeps a long reservation busy past shorter ones that start after it', () => {
    const staff = [{ id: 1, hours: weekdays('09:00', '13:00') }];
    const r = rules({ staff, busy: [busy(1, monday, '09:00', '12:00'), busy(1, monday, '09:30', '09:45'), busy(1, monday, '10:00', '10:15')] });
    expect(times(r, monday)).toEqual(['12:00', '12:30']);
    expect(checkSlot(r, monday, '11:00', 1)).toEqual({ ok: false, reason: 'taken' });
    expect(checkSlot(r, monday, '12:00', 1)).toEqual({
      ok: true,
      slot: { time: '12:00', staffId: 1, startMs: romeInstant(monday, '12:00'), endMs: romeInstant(monday, '12:30') },
    });
  });

  it('clips the days asked for to the calendar range, and offers nothing for a service of no length', () => {
    const staff = [{ id: 1, hours: everyDay('09:00', '10:00') }];
    const r = rules({ staff, firstDay: '2026-02-10', lastDay: '2026-02-12' });
    expect(availableDays(r, '2026-02-01', '2026-02-28')).toEqual(['2026-02-10', '2026-02-11', '2026-02-12']);
    expect(freeSlots(rules({ staff, duration: 0, paddingAfter: 15 }), monday)).toEqual([]);
  });
});
