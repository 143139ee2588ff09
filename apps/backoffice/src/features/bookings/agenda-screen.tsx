import {
  type AdminReservation,
  AdminReservationResponseSchema,
  AdminStaffListResponseSchema,
  type AgendaEntry,
  AgendaResponseSchema,
  reservationCancelRefusal,
  fillMessage,
  consoleMessages,
} from '@farmacia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api';
import { addDays, contactLine, formatDateTime, formatDay, formatEuro, romeToday } from '../../app/format';
import { DangerButton } from '../../components/form-actions';
import { FeedbackLine, QueryError, useFeedback } from '../../components/feedback';
import { LinkButton } from '../../components/link-button';
import { GridTable } from '../../components/grid-table';
import { NamedSelect } from '../../components/named-select';
import { NewReservation } from './new-reservation';
import { ShopPicker } from './shop-picker';
import { withShop } from './shop-scope';

/** Monday of the week of `day`. */
function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** The reservations of a day or a week, per staff member or for everybody. */
export function AgendaScreen() {
  const [day, setDay] = useState(romeToday());
  const [span, setSpan] = useState<'day' | 'week'>('day');
  const [staffId, setStaffId] = useState('');
  const from = span === 'day' ? day : mondayOf(day);
  const to = span === 'day' ? day : addDays(from, 6);
  const [openId, setOpenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [booked, setBooked] = useState<string | null>(null);
  const staff = useQuery({ queryKey: ['staff'], queryFn: () => api('GET', withShop('/admin/staff'), AdminStaffListResponseSchema) });
  const agenda = useQuery({
    queryKey: ['agenda', from, to, staffId],
    queryFn: () => api('GET', withShop(`/admin/agenda?from=${from}&to=${to}${staffId ? `&staff_id=${staffId}` : ''}`), AgendaResponseSchema),
    refetchInterval: 30_000,
  });
  const onBooked = (r: AdminReservation) => {
    setCreating(false);
    setBooked(fillMessage(consoleMessages.agenda.confirmed, { service: r.service.name, day: formatDay(r.day), time: r.start_appointment.slice(0, 5), customer: r.customer.name }));
    setDay(r.day);
    setOpenId(r.id);
  };
  const byDay = new Map<string, AgendaEntry[]>();
  for (const e of agenda.data?.data ?? []) byDay.set(e.day, [...(byDay.get(e.day) ?? []), e]);

  return (
    <section aria-labelledby="agenda-title">
      <h1 id="agenda-title">{consoleMessages.layout.nav.agenda}</h1>
      <ShopPicker />
      <div className="actions">
        <button
          type="button"
          onClick={() => {
            setCreating(true);
            setBooked(null);
          }}
          disabled={creating}
        >
          {consoleMessages.agenda.newReservation}
        </button>
      </div>
      {creating ? <NewReservation onBooked={onBooked} onClose={() => setCreating(false)} /> : null}
      {booked ? (
        <p className="notice" role="status">
          {booked}
        </p>
      ) : null}
      {openId !== null ? <ReservationDetails id={openId} onClose={() => setOpenId(null)} /> : null}
      <div className="toolbar">
        <button type="button" className="secondary" onClick={() => setDay(addDays(day, span === 'day' ? -1 : -7))}>
          {consoleMessages.agenda.previous}
        </button>
        <label>
          {consoleMessages.agenda.date}
          <input type="date" value={day} onChange={(e) => e.target.value && setDay(e.target.value)} />
        </label>
        <button type="button" className="secondary" onClick={() => setDay(addDays(day, span === 'day' ? 1 : 7))}>
          {consoleMessages.agenda.next}
        </button>
        <label>
          {consoleMessages.agenda.view}
          <select value={span} onChange={(e) => setSpan(e.target.value as 'day' | 'week')}>
            <option value="day">{consoleMessages.common.day}</option>
            <option value="week">{consoleMessages.agenda.week}</option>
          </select>
        </label>
        <NamedSelect label={consoleMessages.common.operator} none={consoleMessages.agenda.everyone} value={staffId} onChange={setStaffId} options={staff.data?.data} />
      </div>
      <QueryError query={agenda} />
      {agenda.data && agenda.data.data.length === 0 ? <p>{consoleMessages.agenda.empty}</p> : null}
      {[...byDay.entries()].map(([d, entries]) => (
        <section key={d}>
          <h2>{formatDay(d)}</h2>
          <GridTable label={consoleMessages.common.reservations} columns={[consoleMessages.agenda.time, consoleMessages.common.operator, consoleMessages.common.service, consoleMessages.common.customer, consoleMessages.common.status]} actions>
            {entries.map((e) => (
              <tr key={e.id} className={e.status === 'cancelled' ? 'unavailable' : undefined}>
                <td>
                  {e.start}–{e.end}
                </td>
                <td>{e.staff_name}</td>
                <td>{e.service_name}</td>
                <td>
                  {e.customer_name} <small>{e.customer_email}</small>
                </td>
                <td>{e.status === 'cancelled' ? consoleMessages.agenda.cancelledStatus : consoleMessages.agenda.bookedStatus}</td>
                <td>
                  <LinkButton hint={fillMessage(consoleMessages.agenda.entryHint, { time: e.start, customer: e.customer_name })} onClick={() => setOpenId(e.id)}>
                    {consoleMessages.common.details}
                  </LinkButton>
                </td>
              </tr>
            ))}
          </GridTable>
        </section>
      ))}
    </section>
  );
}

/** One reservation: who, what, when, the customer's note; the shop may cancel it (the customer is told). */
function ReservationDetails({ id, onClose }: { id: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const fb = useFeedback();
  const reservation = useQuery({
    queryKey: ['admin-reservation', id],
    queryFn: () => api('GET', withShop(`/admin/reservations/${id}`), AdminReservationResponseSchema),
  });
  const cancel = useMutation({
    mutationFn: () => api('DELETE', withShop(`/admin/reservations/${id}`), AdminReservationResponseSchema),
    onMutate: fb.clear,
    onSuccess: (res) => {
      queryClient.setQueryData(['admin-reservation', id], res);
      void queryClient.invalidateQueries({ queryKey: ['agenda'] });
      fb.notice(consoleMessages.agenda.cancelled);
    },
    onError: fb.fail,
  });
  const r = reservation.data?.data;
  return (
    <section className="card" aria-labelledby="reservation-title">
      <h2 id="reservation-title">{fillMessage(consoleMessages.agenda.reservationTitle, { id })}</h2>
      <QueryError query={reservation} />
      {r ? (
        <dl className="facts">
          <dt>{consoleMessages.common.customer}</dt>
          <dd>{contactLine(r.customer)}</dd>
          <dt>{consoleMessages.common.service}</dt>
          <dd>
            {fillMessage(consoleMessages.agenda.serviceLine, { service: r.service.name, duration: r.service.duration, price: formatEuro(r.service.price) })}
          </dd>
          {r.event ? (
            <>
              <dt>{consoleMessages.agenda.event}</dt>
              <dd>{r.event.name}</dd>
            </>
          ) : null}
          <dt>{consoleMessages.common.when}</dt>
          <dd>
            {formatDay(r.day)}, {r.start_appointment.slice(0, 5)}–{r.end_appointment.slice(0, 5)}
          </dd>
          <dt>{consoleMessages.common.operator}</dt>
          <dd>{r.staff.name}</dd>
          <dt>{consoleMessages.common.customerNote}</dt>
          <dd>{r.note ?? '—'}</dd>
          <dt>{consoleMessages.common.status}</dt>
          <dd>{r.status === 'cancelled' ? r.cancelled_at
                ? fillMessage(consoleMessages.agenda.cancelledOn, { date: formatDateTime(r.cancelled_at) })
                : consoleMessages.agenda.cancelledStatus : consoleMessages.agenda.bookedStatus}</dd>
          <dt>{consoleMessages.agenda.created}</dt>
          <dd>{formatDateTime(r.created_at)}</dd>
        </dl>
      ) : null}
      <FeedbackLine feedback={fb.feedback} />
      <div className="actions">
        {r && reservationCancelRefusal(r, { by: 'shop' }) === null ? (
          <DangerButton question={consoleMessages.agenda.cancelConfirm} pending={cancel.isPending} onConfirm={() => cancel.mutate()}>
            {consoleMessages.agenda.cancelReservation}
          </DangerButton>
        ) : null}
        <button type="button" className="secondary" onClick={onClose}>
          {consoleMessages.agenda.closeDetails}
        </button>
      </div>
    </section>
  );
}
