import { isUpcomingReservation, romeToday, romeWallClock } from './common/wall-clock.js';
import { describe, expect, it } from 'vitest';
import {
  BookingPayloadSchema,
  cancellableUntil,
  EventIdParamsSchema,
  excerpt,
  isReservationCancellable,
  reservationCancelRefusal,
  isCalendarDay,
  MonthQuerySchema,
  RESERVATION_NOTE_MAX,
  ShopServiceRequestBodySchema,
} from './booking.js';

const fieldErrors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('booking rules', () => {
  it('cuts description excerpts at 8 words, without tags', () => {
    expect(excerpt('<p>Misurazione della <strong>pressione</strong> arteriosa e della frequenza cardiaca con apparecchio validato.</p>')).toBe(
      'Misurazione della pressione arteriosa e della frequenza cardiaca...',
    );
    expect(excerpt('<p>Tampone&nbsp;rapido</p>')).toBe('Tampone rapido');
    expect(excerpt('uno due tre quattro cinque sei sette otto')).toBe('uno due tre quattro cinque sei sette otto');
    expect(excerpt('')).toBe('');
    // Inline tags never split a word from its punctuation, block tags still separate words.
    expect(excerpt('<p>ECG in <strong>telecardiologia</strong>: il tracciato</p>')).toBe('ECG in telecardiologia: il tracciato');
    expect(excerpt('<p>Pre<em>notazione</em> <a href="/x">online</a>.</p><p>Poi</p>')).toBe('Prenotazione online. Poi');
  });

  it('computes the last day to cancel: the booking day minus booking_cancellations days', () => {
    expect(cancellableUntil('2027-03-01', 2)).toBe('2027-02-27');
    expect(cancellableUntil('2028-03-01', 1)).toBe('2028-02-29');
    expect(cancellableUntil('2027-01-01', 1)).toBe('2026-12-31');
    expect(cancellableUntil('2027-01-10', 0)).toBe('2027-01-10');
  });

  it('knows real calendar days', () => {
    expect(isCalendarDay('2027-02-28')).toBe(true);
    expect(isCalendarDay('2027-02-29')).toBe(false);
    expect(isCalendarDay('2027-2-1')).toBe(false);
    // Years the pattern allows below 100 are days too (Date.UTC would read 0067 as 1967).
    expect(isCalendarDay('0067-02-01')).toBe(true);
    expect(isCalendarDay('0000-02-29')).toBe(true);
    expect(isCalendarDay('0067-02-29')).toBe(false);
  });
});

describe('booking payload', () => {
  it('accepts the spec payload, ignoring user_id and end_appointment, trimming the note', () => {
    const parsed = BookingPayloadSchema.parse({
      user_id: 99,
      service_id: '3',
      staff_id: '2',
      day: '2027-03-10',
      start_appointment: '09:30:00',
      end_appointment: 'whatever',
      note: '  ',
    });
    expect(parsed).toMatchObject({ service_id: 3, staff_id: 2, day: '2027-03-10', start_appointment: '09:30:00' });
    expect(parsed.note).toBeUndefined();
  });

  it('answers one Italian message per wrong field', () => {
    const result = BookingPayloadSchema.safeParse({ day: '2027-02-30', start_appointment: '25:00', note: 'x'.repeat(RESERVATION_NOTE_MAX + 1) });
    expect(fieldErrors(result)).toEqual({
      staff_id: 'Selezionare una fascia oraria.',
      day: 'Data non valida.',
      start_appointment: 'Orario non valido.',
      note: `Massimo ${RESERVATION_NOTE_MAX} caratteri.`,
    });
    expect(BookingPayloadSchema.safeParse({ staff_id: 1, day: '2027-03-10', start_appointment: '09:30', event_id: 4 }).success).toBe(true);
  });

  it('requires the event id with the spec message', () => {
    expect(fieldErrors(EventIdParamsSchema.safeParse({ id: 'abc' }))).toEqual({ id: "L'ID dell'evento è richiesto." });
    expect(EventIdParamsSchema.parse({ id: '12' })).toEqual({ id: 12 });
  });

  it('validates the month of the availability call and the information request', () => {
    expect(MonthQuerySchema.safeParse({ month: '2027-13' }).success).toBe(false);
    expect(MonthQuerySchema.parse({ month: '2027-03' })).toEqual({ month: '2027-03' });
    expect(ShopServiceRequestBodySchema.safeParse({ note: 'x' }).success).toBe(false);
    expect(ShopServiceRequestBodySchema.parse({ shop_service_id: 5, note: ' ciao ' })).toMatchObject({ shop_service_id: 5, note: 'ciao' });
  });
});

describe('reservationCancelRefusal (spec §4, decision 0480), as a table', () => {
  const DAY = '2030-05-10';
  // Every status × canceller × window (0, 1, 2 days) × today from 3 days before to 1 day after.
  const TODAYS = ['2030-05-07', '2030-05-08', '2030-05-09', '2030-05-10', '2030-05-11'];
  it('the shop cancels any booked reservation; the customer only until day − N; nobody a cancelled one', () => {
    for (const status of ['booked', 'cancelled'] as const) {
      for (const window of [0, 1, 2]) {
        for (const today of TODAYS) {
          const reservation = { status, day: DAY };
          const lastDay = ['2030-05-10', '2030-05-09', '2030-05-08'][window]!;
          const customer = reservationCancelRefusal(reservation, { by: 'customer', bookingCancellations: window, today });
          const shop = reservationCancelRefusal(reservation, { by: 'shop' });
          const cell = `${status}/${window}/${today}`;
          expect(shop, cell).toBe(status === 'booked' ? null : 'alreadyCancelled');
          expect(customer, cell).toBe(status === 'cancelled' ? 'alreadyCancelled' : today <= lastDay ? null : 'windowClosed');
          expect(isReservationCancellable(reservation, window, today), cell).toBe(customer === null);
        }
      }
    }
  });
});

describe('romeWallClock', () => {
  it('reads the Rome day and time of an instant, winter and summer, across midnight', () => {
    expect(romeWallClock(new Date('2026-12-31T23:30:05Z'))).toEqual({ day: '2027-01-01', time: '00:30:05' });
    expect(romeWallClock(new Date('2026-07-15T12:00:00Z'))).toEqual({ day: '2026-07-15', time: '14:00:00' });
    expect(romeWallClock(new Date('2026-07-15T22:00:00Z'))).toEqual({ day: '2026-07-16', time: '00:00:00' });
  });
});

describe('romeToday', () => {
  it('takes the day in Rome, not in UTC: already tomorrow before midnight UTC, winter and summer', () => {
    expect(romeToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(romeToday(new Date('2026-06-30T21:30:00Z'))).toBe('2026-06-30');
    expect(romeToday(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(romeToday(new Date('2026-07-15T21:59:00Z'))).toBe('2026-07-15');
    expect(romeToday(new Date('2026-07-15T22:00:00Z'))).toBe('2026-07-16');
  });
});

describe('isUpcomingReservation (decision 0482), as a table', () => {
  it('a booked reservation is upcoming until it ends on the Rome wall clock; a cancelled one never', () => {
    const reservation = { day: '2030-05-10', end_appointment: '10:30:00' };
    const table: [string, string, boolean][] = [
      ['2030-05-09', '23:59:59', true],
      ['2030-05-10', '00:00:00', true],
      ['2030-05-10', '10:29:59', true],
      ['2030-05-10', '10:30:00', false],
      ['2030-05-10', '18:00:00', false],
      ['2030-05-11', '08:00:00', false],
    ];
    for (const [day, time, upcoming] of table) {
      expect(isUpcomingReservation({ ...reservation, status: 'booked' }, { day, time }), `${day} ${time}`).toBe(upcoming);
      expect(isUpcomingReservation({ ...reservation, status: 'cancelled' }, { day, time }), `${day} ${time}`).toBe(false);
    }
  });
});
