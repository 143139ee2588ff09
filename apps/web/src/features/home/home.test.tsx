import type { OpeningHours } from '@farmacia/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { displayPhone, whatsappUrl } from './home-screen';
import { intervalsText, isoWeekdayInRome, OpeningHoursCard } from './opening-hours';

afterEach(cleanup);

describe('whatsappUrl', () => {
  it('uses the international number, digits only, with the prefilled text', () => {
    expect(whatsappUrl('+39 333 111 2233', "Buongiorno, vorrei un'informazione.")).toBe(
      'https://wa.me/393331112233?text=Buongiorno%2C%20vorrei%20un\'informazione.',
    );
    // A national number gets the Italian prefix.
    expect(whatsappUrl('333 111 2233', undefined)).toBe('https://wa.me/393331112233');
  });
});

describe('displayPhone', () => {
  it('writes an Italian mobile number in groups', () => {
    expect(displayPhone('393331112233')).toBe('+39 333 111 2233');
    expect(displayPhone('049 875 1234')).toBe('049 875 1234');
  });
});

describe('opening hours', () => {
  it('writes intervals, or Chiuso', () => {
    expect(intervalsText([{ from: '08:30', to: '12:30' }, { from: '15:30', to: '19:30' }])).toBe('08:30–12:30, 15:30–19:30');
    expect(intervalsText([])).toBe('Chiuso');
  });

  it('knows the weekday in Rome, not in UTC', () => {
    // Sunday 23:30 UTC is already Monday in Rome (UTC+1 in winter).
    expect(isoWeekdayInRome(new Date('2026-01-11T23:30:00Z'))).toBe(1);
    expect(isoWeekdayInRome(new Date('2026-01-11T12:00:00Z'))).toBe(7);
    // Across the summer-time changes (29 March and 25 October 2026, 01:00 UTC), hour by hour, as Intl says.
    const intl = (d: Date) =>
      ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', weekday: 'short' }).format(d)) + 1;
    for (const start of ['2026-03-27T00:00:00Z', '2026-10-23T00:00:00Z', '2027-03-26T00:00:00Z', '2024-10-25T00:00:00Z']) {
      for (let hour = 0; hour < 96; hour++) {
        const d = new Date(Date.parse(start) + hour * 3_600_000 + 30 * 60_000);
        expect(isoWeekdayInRome(d), d.toISOString()).toBe(intl(d));
      }
    }
  });

  it('lists the week in order and marks today', () => {
    const hours: OpeningHours = {
      timezone: 'Europe/Rome',
      text: 'Lun–Sab',
      week: [
        { day: 7, label: 'Domenica', intervals: [] },
        { day: 1, label: 'Lunedì', intervals: [{ from: '09:00', to: '13:00' }] },
      ],
    };
    render(<OpeningHoursCard hours={hours} now={new Date('2026-01-12T10:00:00Z')} />);
    const days = screen.getAllByRole('term').map((dt) => dt.textContent);
    expect(days).toEqual(['Lunedì (oggi)', 'Domenica']);
    expect(screen.getByText('Chiuso')).toBeTruthy();
  });
});
