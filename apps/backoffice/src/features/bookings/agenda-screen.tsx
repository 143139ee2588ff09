import {
  type AdminReservation,
  AdminReservationResponseSchema,
  AdminStaffListResponseSchema,
  type AgendaEntry,
  AgendaResponseSchema,
  reservationCancelRefusal,
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
    setBooked(`Prenotazione confermata: ${r.service.name}, ${formatDay(r.day)} alle ${r.start_appointment.slice(0, 5)} per ${r.customer.name}.`);
    setDay(r.day);
    setOpenId(r.id);
  };
  const byDay = new Map<string, AgendaEntry[]>();
  for (const e of agenda.data?.data ?? []) byDay.set(e.day, [...(byDay.get(e.day) ?? []), e]);

  return (
    <section aria-labelledby="agenda-title">
      <h1 id="agenda-title">Agenda</h1>
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
          Nuova prenotazione
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
          ← Precedente
        </button>
        <label>
          Data
          <input type="date" value={day} onChange={(e) => e.target.value && setDay(e.target.value)} />
        </label>
        <button type="button" className="secondary" onClick={() => setDay(addDays(day, span === 'day' ? 1 : 7))}>
          Successivo →
        </button>
        <label>
          Vista
          <select value={span} onChange={(e) => setSpan(e.target.value as 'day' | 'week')}>
            <option value="day">Giorno</option>
            <option value="week">Settimana</option>
          </select>
        </label>
        <NamedSelect label="Operatore" none="Tutti" value={staffId} onChange={setStaffId} options={staff.data?.data} />
      </div>
      <QueryError query={agenda} />
      {agenda.data && agenda.data.data.length === 0 ? <p>Nessuna prenotazione.</p> : null}
      {[...byDay.entries()].map(([d, entries]) => (
        <section key={d}>
          <h2>{formatDay(d)}</h2>
          <GridTable label="Prenotazioni" columns={['Ora', 'Operatore', 'Servizio', 'Cliente', 'Stato']} actions>
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
                <td>{e.status === 'cancelled' ? 'Annullata' : 'Prenotata'}</td>
                <td>
                  <LinkButton hint={`prenotazione delle ${e.start} di ${e.customer_name}`} onClick={() => setOpenId(e.id)}>
                    Dettagli
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
      fb.notice('Prenotazione annullata: il cliente riceverà un avviso.');
    },
    onError: fb.fail,
  });
  const r = reservation.data?.data;
  return (
    <section className="card" aria-labelledby="reservation-title">
      <h2 id="reservation-title">Prenotazione n. {id}</h2>
      <QueryError query={reservation} />
      {r ? (
        <dl className="facts">
          <dt>Cliente</dt>
          <dd>{contactLine(r.customer)}</dd>
          <dt>Servizio</dt>
          <dd>
            {r.service.name} · {r.service.duration} min · {formatEuro(r.service.price)}
          </dd>
          {r.event ? (
            <>
              <dt>Evento</dt>
              <dd>{r.event.name}</dd>
            </>
          ) : null}
          <dt>Quando</dt>
          <dd>
            {formatDay(r.day)}, {r.start_appointment.slice(0, 5)}–{r.end_appointment.slice(0, 5)}
          </dd>
          <dt>Operatore</dt>
          <dd>{r.staff.name}</dd>
          <dt>Nota del cliente</dt>
          <dd>{r.note ?? '—'}</dd>
          <dt>Stato</dt>
          <dd>{r.status === 'cancelled' ? `Annullata${r.cancelled_at ? ` il ${formatDateTime(r.cancelled_at)}` : ''}` : 'Prenotata'}</dd>
          <dt>Creata</dt>
          <dd>{formatDateTime(r.created_at)}</dd>
        </dl>
      ) : null}
      <FeedbackLine feedback={fb.feedback} />
      <div className="actions">
        {r && reservationCancelRefusal(r, { by: 'shop' }) === null ? (
          <DangerButton question="Annullare la prenotazione? Il cliente riceverà un avviso." pending={cancel.isPending} onConfirm={() => cancel.mutate()}>
            Annulla prenotazione
          </DangerButton>
        ) : null}
        <button type="button" className="secondary" onClick={onClose}>
          Chiudi dettagli
        </button>
      </div>
    </section>
  );
}
