import type { Service } from '@farmacia/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../lib/session';
import { fakeToken, json, mockFetch } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';
import { MonthCalendar } from './month-calendar';
import { SummaryModal } from './summary-modal';

const service: Service = {
  id: 7,
  category_id: 1,
  name: 'Elettrocardiogramma',
  description: '<p>ECG</p>',
  price: 25,
  duration: 20,
  padding_after: 10,
  show_price: true,
  booking_cancellations: 2,
};

const profile = {
  id: 42,
  name: 'Giulia Bianchi',
  email: 'giulia@example.com',
  phone_number: '393331234567',
  codice_fiscale: 'BNCGLI80A41H501X',
  checkprivacy: 0,
  privacy1: 1,
  privacy2: 0,
  privacy3: 0,
};

afterEach(() => {
  cleanup();
  clearToken();
  vi.unstubAllGlobals();
});

describe('MonthCalendar', () => {
  it('starts the week on Monday, lets only available days be chosen and stops at the range', () => {
    const onSelectDay = vi.fn();
    const onMonthChange = vi.fn();
    render(
      <MonthCalendar
        month="2027-03"
        firstMonth="2027-01"
        lastMonth="2027-03"
        onMonthChange={onMonthChange}
        availableDays={new Set(['2027-03-10'])}
        selectedDay={null}
        onSelectDay={onSelectDay}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['lun', 'mar', 'mer', 'gio', 'ven', 'sab', 'dom']);
    expect(screen.getByRole('heading', { name: 'marzo 2027' })).toBeTruthy();
    const unavailable = screen.getByRole('button', { name: 'giovedì 11 marzo 2027, non disponibile' }) as HTMLButtonElement;
    expect(unavailable.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'mercoledì 10 marzo 2027' }));
    expect(onSelectDay).toHaveBeenCalledWith('2027-03-10');
    expect((screen.getByRole('button', { name: 'Mese successivo' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Mese precedente' }));
    expect(onMonthChange).toHaveBeenCalledWith('2027-02');
  });
});

describe('MonthCalendar by keyboard', () => {
  it('is one Tab stop; arrows, Home and End move among the choosable days; Enter chooses', async () => {
    const user = userEvent.setup();
    const onSelectDay = vi.fn();
    render(
      <MonthCalendar
        month="2027-03"
        firstMonth="2027-03"
        lastMonth="2027-05"
        onMonthChange={vi.fn()}
        availableDays={new Set(['2027-03-10', '2027-03-12', '2027-03-19', '2027-03-31'])}
        selectedDay={null}
        onSelectDay={onSelectDay}
      />,
    );
    const day = (n: number, weekday: string) => screen.getByRole('button', { name: `${weekday} ${n} marzo 2027` });
    expect(screen.getAllByRole('button').filter((b) => b.tabIndex === 0 && b.className.includes('calendar__day'))).toEqual([day(10, 'mercoledì')]);
    day(10, 'mercoledì').focus();
    const steps: [string, HTMLElement][] = [
      ['{ArrowRight}', day(12, 'venerdì')],
      ['{ArrowDown}', day(19, 'venerdì')],
      ['{ArrowDown}', day(31, 'mercoledì')],
      ['{ArrowRight}', day(31, 'mercoledì')],
      ['{ArrowUp}', day(19, 'venerdì')],
      ['{Home}', day(10, 'mercoledì')],
      ['{ArrowLeft}', day(10, 'mercoledì')],
      ['{End}', day(31, 'mercoledì')],
    ];
    for (const [key, expected] of steps) {
      await user.keyboard(key);
      expect(document.activeElement, key).toBe(expected);
    }
    expect(day(31, 'mercoledì').tabIndex).toBe(0);
    expect(day(10, 'mercoledì').tabIndex).toBe(-1);
    await user.keyboard('{Enter}');
    expect(onSelectDay).toHaveBeenCalledWith('2027-03-31');
  });
});

describe('SummaryModal (Riepilogo)', () => {
  beforeEach(() => setToken(fakeToken(2_000_000_000)));

  it('shows the personal data and the booking, then books with the note and goes to the list', async () => {
    let release: (r: Response) => void = () => undefined;
    const { calls } = mockFetch({
      'GET /api/profile': json({ data: profile }),
      'POST /api/reservations/7': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    const onClose = vi.fn();
    const { router } = renderInApp(() => (
      <SummaryModal service={service} day="2027-03-10" slot={{ time: '09:30', staffId: 3 }} returnTo="/app/reservations/7" onClose={onClose} />
    ));
    await screen.findByText('Giulia Bianchi');
    expect(screen.getByRole('dialog', { name: 'Riepilogo' })).toBeTruthy();
    for (const text of ['giulia@example.com', '+39 333 1234567', 'Elettrocardiogramma', 'mercoledì 10 marzo 2027', '09:30', '25,00 €', '20 min']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    const note = screen.getByLabelText('Note al farmacista') as HTMLTextAreaElement;
    expect(note.placeholder).toBe('Hai richieste particolari? Scrivile qui.');
    fireEvent.change(note, { target: { value: 'Porto il referto precedente.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Conferma prenotazione' }));

    // Saving: the indicator has no timeout (spec §9).
    expect((await screen.findAllByText('Salvataggio in corso...')).length).toBeGreaterThan(0);
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      user_id: 42,
      service_id: 7,
      staff_id: 3,
      day: '2027-03-10',
      start_appointment: '09:30:00',
      end_appointment: '09:50:00',
      note: 'Porto il referto precedente.',
    });
    await act(async () => release(json({ data: { id: 1 } }, 201)));
    await screen.findByText('Prenotaziona effettuata correttamente.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/reservations'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends event_id for an event and says the booking failed on 409, closing the modal', async () => {
    const { calls } = mockFetch({
      'GET /api/profile': json({ data: profile }),
      'POST /api/reservations/7': json({ code: 'RESERVATION_SLOT_TAKEN', message: 'La fascia oraria scelta non è più disponibile.' }, 409),
    });
    const onClose = vi.fn();
    renderInApp(() => (
      <SummaryModal
        service={service}
        day="2027-03-10"
        slot={{ time: '15:00', staffId: 3 }}
        event={{ id: 9, name: 'Giornata della pelle' }}
        returnTo="/app/reservations/event/9/2027-03-10/7"
        onClose={onClose}
      />
    ));
    expect(await screen.findByText('Giornata della pelle')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Conferma prenotazione' }));
    await screen.findByText('Problema nella conferma della prenotazione.');
    expect(onClose).toHaveBeenCalled();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ event_id: 9, start_appointment: '15:00:00' });
  });

  it('offers login instead of confirming when there is no profile', async () => {
    clearToken();
    mockFetch({});
    renderInApp(() => (
      <SummaryModal service={service} day="2027-03-10" slot={{ time: '09:30', staffId: 3 }} returnTo="/app/reservations/7" onClose={() => undefined} />
    ));
    const link = await screen.findByRole('link', { name: 'Accedi per richiedere informazioni' });
    expect(decodeURIComponent(link.getAttribute('href') ?? '')).toBe('/auth/login?redirect=/app/reservations/7');
    expect(screen.queryByRole('button', { name: 'Conferma prenotazione' })).toBeNull();
  });
});
