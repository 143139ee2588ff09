import {
  fillMessage,
  formatLongDate,
  formatTime,
  accessMessages,
  reservationsMessages,
  RESERVATION_NOTE_MAX,
  type Service,
  type Slot,
} from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useLoggedIn } from '../../lib/session';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { Price } from '../../components/ui/price';
import { showToast } from '../../components/ui/toast';
import { profileQueryOptions } from '../../lib/profile-api';
import { TextareaField } from '../../components/ui/textarea-field';
import { formatPhone } from '../../lib/format-phone';
import { addMinutes } from '../../lib/calendar';
import { useBookReservation } from '../../lib/reservations-api';
import { Fact } from '../../components/ui/fact';

export interface SummaryModalProps {
  service: Service;
  day: string;
  slot: Slot;
  /** Booking inside an event (spec §3: event_id is added). */
  event?: { id: number; name: string } | null;
  /** Where to come back after logging in, when there is no profile. */
  returnTo: string;
  /** Closing clears the chosen time, staff member and note (spec §4). */
  onClose: () => void;
}

/**
 * 'Riepilogo' (spec §2): personal data, the booking, 'Note al farmacista', 'Conferma prenotazione'
 * with 'Salvataggio in corso...' while saving (no timeout, spec §9). Success → /app/reservations
 * with 'Prenotaziona effettuata correttamente.'; failure → 'Problema nella conferma della
 * prenotazione.' and the slots are refetched (someone may have taken it).
 */
export function SummaryModal({ service, day, slot, event = null, returnTo, onClose }: SummaryModalProps) {
  const loggedIn = useLoggedIn();
  const profile = useQuery({ ...profileQueryOptions, enabled: loggedIn });
  const [note, setNote] = useState('');
  const book = useBookReservation();
  const navigate = useNavigate();

  const confirm = () => {
    if (!profile.data) return;
    const start = `${slot.time}:00`;
    book.mutate(
      {
        user_id: profile.data.id,
        service_id: service.id,
        staff_id: slot.staffId,
        day,
        start_appointment: start,
        // The server recomputes the end; sent because the spec's payload carries it.
        end_appointment: addMinutes(slot.time, service.duration),
        note: note.trim() || undefined,
        ...(event ? { event_id: event.id } : {}),
      },
      {
        onSuccess: () => {
          showToast(reservationsMessages.booked, { tone: 'success' });
          void navigate({ to: '/app/reservations' as '/' });
        },
        onError: () => {
          showToast(reservationsMessages.bookFailed, { tone: 'danger' });
          onClose();
        },
      },
    );
  };

  const footer = profile.data ? (
    <>
      {book.isPending ? (
        <p className="summary__saving" role="status">
          {reservationsMessages.saving}
        </p>
      ) : null}
      <Button variant="primary" block busy={book.isPending} onClick={confirm}>
        {book.isPending ? reservationsMessages.saving : reservationsMessages.confirm}
      </Button>
      <Button variant="secondary" block onClick={onClose} disabled={book.isPending}>
        {reservationsMessages.close}
      </Button>
    </>
  ) : (
    <>
      <Link to="/auth/login" search={{ redirect: returnTo } as never} className="button button--primary button--block">
        {accessMessages.loginToRequestInfo}
      </Link>
      <Button variant="secondary" block onClick={onClose}>
        {reservationsMessages.close}
      </Button>
    </>
  );

  return (
    <Modal open title={reservationsMessages.summary} onClose={book.isPending ? () => {} : onClose} footer={footer}>
      {profile.data ? (
        <section className="summary__section" aria-labelledby="summary-personal">
          <h3 id="summary-personal">{reservationsMessages.personalData}</h3>
          <dl className="summary__list">
            <Fact term={reservationsMessages.name}>{profile.data.name}</Fact>
            <Fact term={reservationsMessages.email}>{profile.data.email}</Fact>
            <Fact term={reservationsMessages.phone}>{formatPhone(profile.data.phone_number)}</Fact>
          </dl>
        </section>
      ) : null}
      <section className="summary__section" aria-labelledby="summary-booking">
        <h3 id="summary-booking">{reservationsMessages.booking}</h3>
        <dl className="summary__list">
          {event ? (
            <Fact term={reservationsMessages.event}>{event.name}</Fact>
          ) : null}
          <Fact term={reservationsMessages.service}>{service.name}</Fact>
          <Fact term={reservationsMessages.day}>{formatLongDate(day)}</Fact>
          <Fact term={reservationsMessages.time}>{formatTime(slot.time)}</Fact>
          <Fact term={reservationsMessages.price}>
            <Price euro={service.price} />
          </Fact>
          <Fact term={reservationsMessages.duration}>{fillMessage(reservationsMessages.minutes, { minutes: service.duration })}</Fact>
        </dl>
      </section>
      {profile.data ? (
        <TextareaField
          label={reservationsMessages.noteLabel}
          placeholder={reservationsMessages.notePlaceholder}
          value={note}
          maxLength={RESERVATION_NOTE_MAX}
          onChange={(e) => setNote(e.target.value)}
          disabled={book.isPending}
        />
      ) : null}
    </Modal>
  );
}
