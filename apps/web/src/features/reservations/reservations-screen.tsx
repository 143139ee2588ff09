import { fillMessage, formatDate, formatLongDate, formatTime, messages, type Reservation } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Loader } from '../../components/ui/loader';
import { Modal } from '../../components/ui/modal';
import { Price } from '../../components/ui/price';
import { showToast } from '../../components/ui/toast';
import { reservationsQueryOptions, upcomingReservations, useCancelReservation } from '../../lib/reservations-api';
import '../../components/ui/link-cards.css';
import './reservations.css';
import { Fact } from '../../components/ui/fact';


function ReservationDetail({ reservation, onClose }: { reservation: Reservation; onClose: () => void }) {
  const cancel = useCancelReservation();
  const [confirming, setConfirming] = useState(false);
  const doCancel = () =>
    cancel.mutate(reservation.id, {
      onSuccess: () => {
        showToast(messages.reservations.cancelled, { tone: 'success' });
        onClose();
      },
      onError: () => {
        showToast(messages.reservations.cancelFailed, { tone: 'danger' });
        setConfirming(false);
      },
    });

  const footer = reservation.cancellable ? (
    confirming ? (
      <>
        <p className="reservation__confirm">{messages.reservations.cancelConfirm}</p>
        <Button variant="danger" block busy={cancel.isPending} onClick={doCancel}>
          {messages.reservations.cancel}
        </Button>
        <Button variant="secondary" block onClick={() => setConfirming(false)} disabled={cancel.isPending}>
          {messages.reservations.keep}
        </Button>
      </>
    ) : (
      <>
        <Button variant="danger" block onClick={() => setConfirming(true)}>
          {messages.reservations.cancel}
        </Button>
        <Button variant="secondary" block onClick={onClose}>
          {messages.reservations.close}
        </Button>
      </>
    )
  ) : (
    <Button variant="secondary" block onClick={onClose}>
      {messages.reservations.close}
    </Button>
  );

  return (
    <Modal open title={messages.reservations.reservationDetail} onClose={cancel.isPending ? () => {} : onClose} footer={footer}>
      <dl className="summary__list">
        {reservation.event ? (
          <Fact term={messages.reservations.event}>{reservation.event.name}</Fact>
        ) : null}
        <Fact term={messages.reservations.service}>{reservation.service.name}</Fact>
        <Fact term={messages.reservations.day}>{formatLongDate(reservation.day)}</Fact>
        <Fact term={messages.reservations.time}>
          {formatTime(reservation.start_appointment)}–{formatTime(reservation.end_appointment)}
        </Fact>
        <Fact term={messages.reservations.staff}>{reservation.staff.name}</Fact>
        <Fact term={messages.reservations.price}>
          <Price euro={reservation.service.price} />
        </Fact>
        <Fact term={messages.reservations.duration}>{fillMessage(messages.reservations.minutes, { minutes: reservation.service.duration })}</Fact>
        {reservation.note ? (
          <Fact term={messages.reservations.note} className="reservation__note">{reservation.note}</Fact>
        ) : null}
      </dl>
      <p className="reservation__window">
        {reservation.cancellable
          ? fillMessage(messages.reservations.cancellableUntil, { date: formatDate(reservation.cancellable_until) })
          : messages.reservations.notCancellable}
      </p>
    </Modal>
  );
}

function ReservationItem({ reservation, onOpen }: { reservation: Reservation; onOpen: () => void }) {
  return (
    <li>
      <button type="button" className="reservation" onClick={onOpen}>
        <span className="reservation__service">{reservation.service.name}</span>
        {reservation.event ? <span className="reservation__event">{reservation.event.name}</span> : null}
        <span className="reservation__when">
          {formatLongDate(reservation.day)}, {formatTime(reservation.start_appointment)}
        </span>
      </button>
    </li>
  );
}

/** One list of the customer's reservations (upcoming or past) under its heading; nothing when it is empty. */
function ReservationSection({ id, title, className, reservations, onOpen }: { id: string; title: string; className: string; reservations: readonly Reservation[]; onOpen: (id: number) => void }) {
  if (reservations.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className={className}>
        {reservations.map((r) => (
          <ReservationItem key={r.id} reservation={r} onOpen={() => onOpen(r.id)} />
        ))}
      </ul>
    </section>
  );
}

/** Reservations list (spec §2): upcoming first, a detail modal with cancel inside the window. */
export function ReservationsScreen() {
  const query = useQuery(reservationsQueryOptions);
  const [openId, setOpenId] = useState<number | null>(null);

  if (query.isPending) return <Loader />;
  // Spec §8: a 401 on the list is silent (the session handling sends the user to login).
  const list = query.data?.data ?? [];
  // The server lists the upcoming ones first, by the same rule (decision 0482).
  const upcoming = upcomingReservations(list);
  const past = list.filter((r) => !upcoming.includes(r));
  const open = list.find((r) => r.id === openId) ?? null;

  return (
    <div className="page reservations">
      <h1>{messages.reservations.myReservations}</h1>
      {query.isError ? <p role="alert">{messages.app.genericError}</p> : null}
      {upcoming.length === 0 && !query.isError ? (
        <div className="services__empty">
          <p>{messages.reservations.noReservations}</p>
          <Link to={'/app/services' as '/'} className="button button--primary">
            {messages.reservations.bookService}
          </Link>
        </div>
      ) : null}
      <ReservationSection id="upcoming-title" title={messages.reservations.upcoming} className="reservation-list" reservations={upcoming} onOpen={setOpenId} />
      <ReservationSection id="past-title" title={messages.reservations.past} className="reservation-list reservation-list--past" reservations={past} onOpen={setOpenId} />
      {open ? <ReservationDetail reservation={open} onClose={() => setOpenId(null)} /> : null}
    </div>
  );
}
