import { fillMessage, formatDate, formatLongDate, formatTime, appMessages, reservationsMessages, type Reservation } from '@farmacia/contract';
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
        showToast(reservationsMessages.cancelled, { tone: 'success' });
        onClose();
      },
      onError: () => {
        showToast(reservationsMessages.cancelFailed, { tone: 'danger' });
        setConfirming(false);
      },
    });

  const footer = reservation.cancellable ? (
    confirming ? (
      <>
        <p className="reservation__confirm">{reservationsMessages.cancelConfirm}</p>
        <Button variant="danger" block busy={cancel.isPending} onClick={doCancel}>
          {reservationsMessages.cancel}
        </Button>
        <Button variant="secondary" block onClick={() => setConfirming(false)} disabled={cancel.isPending}>
          {reservationsMessages.keep}
        </Button>
      </>
    ) : (
      <>
        <Button variant="danger" block onClick={() => setConfirming(true)}>
          {reservationsMessages.cancel}
        </Button>
        <Button variant="secondary" block onClick={onClose}>
          {reservationsMessages.close}
        </Button>
      </>
    )
  ) : (
    <Button variant="secondary" block onClick={onClose}>
      {reservationsMessages.close}
    </Button>
  );

  return (
    <Modal open title={reservationsMessages.reservationDetail} onClose={cancel.isPending ? () => {} : onClose} footer={footer}>
      <dl className="summary__list">
        {reservation.event ? (
          <Fact term={reservationsMessages.event}>{reservation.event.name}</Fact>
        ) : null}
        <Fact term={reservationsMessages.service}>{reservation.service.name}</Fact>
        <Fact term={reservationsMessages.day}>{formatLongDate(reservation.day)}</Fact>
        <Fact term={reservationsMessages.time}>
          {formatTime(reservation.start_appointment)}–{formatTime(reservation.end_appointment)}
        </Fact>
        <Fact term={reservationsMessages.staff}>{reservation.staff.name}</Fact>
        <Fact term={reservationsMessages.price}>
          <Price euro={reservation.service.price} />
        </Fact>
        <Fact term={reservationsMessages.duration}>{fillMessage(reservationsMessages.minutes, { minutes: reservation.service.duration })}</Fact>
        {reservation.note ? (
          <Fact term={reservationsMessages.note} className="reservation__note">{reservation.note}</Fact>
        ) : null}
      </dl>
      <p className="reservation__window">
        {reservation.cancellable
          ? fillMessage(reservationsMessages.cancellableUntil, { date: formatDate(reservation.cancellable_until) })
          : reservationsMessages.notCancellable}
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
      <h1>{reservationsMessages.myReservations}</h1>
      {query.isError ? <p role="alert">{appMessages.genericError}</p> : null}
      {upcoming.length === 0 && !query.isError ? (
        <div className="services__empty">
          <p>{reservationsMessages.noReservations}</p>
          <Link to={'/app/services' as '/'} className="button button--primary">
            {reservationsMessages.bookService}
          </Link>
        </div>
      ) : null}
      <ReservationSection id="upcoming-title" title={reservationsMessages.upcoming} className="reservation-list" reservations={upcoming} onOpen={setOpenId} />
      <ReservationSection id="past-title" title={reservationsMessages.past} className="reservation-list reservation-list--past" reservations={past} onOpen={setOpenId} />
      {open ? <ReservationDetail reservation={open} onClose={() => setOpenId(null)} /> : null}
    </div>
  );
}
