import { AdminStaffListResponseSchema, type AgendaEntry, AgendaResponseSchema } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../app/api';
import { addDays, formatDay, romeToday } from '../../app/format';

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
  const staff = useQuery({ queryKey: ['staff'], queryFn: () => api('GET', '/admin/staff', AdminStaffListResponseSchema) });
  const agenda = useQuery({
    queryKey: ['agenda', from, to, staffId],
    queryFn: () => api('GET', `/admin/agenda?from=${from}&to=${to}${staffId ? `&staff_id=${staffId}` : ''}`, AgendaResponseSchema),
    refetchInterval: 30_000,
  });
  const byDay = new Map<string, AgendaEntry[]>();
  for (const e of agenda.data?.data ?? []) byDay.set(e.day, [...(byDay.get(e.day) ?? []), e]);

  return (
    <section aria-labelledby="agenda-title">
      <h1 id="agenda-title">Agenda</h1>
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
        <label>
          Operatore
          <select value={staffId} onChange={(e) => setStaffId(e.target.value)}>
            <option value="">Tutti</option>
            {staff.data?.data.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {agenda.isError ? (
        <p className="error" role="alert">
          {agenda.error.message}
        </p>
      ) : null}
      {agenda.data && agenda.data.data.length === 0 ? <p>Nessuna prenotazione.</p> : null}
      {[...byDay.entries()].map(([d, entries]) => (
        <section key={d}>
          <h2>{formatDay(d)}</h2>
          <div className="scroll">
<table className="grid">
            <thead>
              <tr>
                <th scope="col">Ora</th>
                <th scope="col">Operatore</th>
                <th scope="col">Servizio</th>
                <th scope="col">Cliente</th>
                <th scope="col">Stato</th>
              </tr>
            </thead>
            <tbody>
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
                </tr>
              ))}
            </tbody>
          </table>
</div>
        </section>
      ))}
    </section>
  );
}
