import { AdminStaffListResponseSchema, ClosureListResponseSchema, ClosureResponseSchema, fillMessage, consoleMessages } from '@farmacia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, api } from '../../lib/api';
import { formatDay, romeToday } from '../../app/format';
import { type Feedback, FeedbackLine } from '../../components/feedback';
import { LinkButton } from '../../components/link-button';
import { NamedSelect } from '../../components/named-select';

/** Closures of the shop or of one member (a Saturday, a holiday, an afternoon): their slots disappear from the app. */
export function ClosuresScreen() {
  const queryClient = useQueryClient();
  const staff = useQuery({ queryKey: ['staff'], queryFn: () => api('GET', '/admin/staff', AdminStaffListResponseSchema) });
  const closures = useQuery({ queryKey: ['closures'], queryFn: () => api('GET', '/admin/closures', ClosureListResponseSchema) });
  const [form, setForm] = useState({ staff_id: '', date_from: '', date_to: '', allDay: true, start_time: '', end_time: '', reason: '' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<Feedback>(null);

  const create = useMutation({
    mutationFn: () =>
      api('POST', '/admin/closures', ClosureResponseSchema, {
        staff_id: form.staff_id ? Number(form.staff_id) : null,
        date_from: form.date_from,
        date_to: form.date_to || form.date_from,
        start_time: form.allDay ? null : form.start_time,
        end_time: form.allDay ? null : form.end_time,
        reason: form.reason,
      }),
    onMutate: () => {
      setErrors({});
      setMessage(null);
    },
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: ['closures'] });
      setMessage({ kind: 'notice', text: fillMessage(consoleMessages.closures.saved, { day: formatDay(res.data.date_from) }) });
      setForm((f) => ({ ...f, date_from: '', date_to: '', reason: '' }));
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 422) setErrors(e.errors);
      setMessage({ kind: 'error', text: e.message });
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api('DELETE', `/admin/closures/${id}`, null),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['closures'] });
      setMessage({ kind: 'notice', text: consoleMessages.closures.deleted });
    },
    onError: (e) => setMessage({ kind: 'error', text: e.message }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const err = (k: string) =>
    errors[k]?.at(-1) ? (
      <span className="field-error" id={`${k}-error`}>
        {errors[k]?.at(-1)}
      </span>
    ) : null;

  return (
    <section aria-labelledby="closures-title">
      <h1 id="closures-title">{consoleMessages.layout.nav.closures}</h1>
      <form onSubmit={submit} className="card" noValidate aria-label={consoleMessages.closures.newClosure}>
        <h2>{consoleMessages.closures.newClosure}</h2>
        <NamedSelect label={consoleMessages.common.who} none={consoleMessages.closures.wholeShop} value={form.staff_id} onChange={(staff_id) => setForm({ ...form, staff_id })} options={staff.data?.data} />
        {err('staff_id')}
        <label>
          {consoleMessages.closures.fromDay}
          <input type="date" min={romeToday()} value={form.date_from} onChange={(e) => setForm({ ...form, date_from: e.target.value })} />
        </label>
        {err('date_from')}
        <label>
          {consoleMessages.closures.toDay}
          <input type="date" min={form.date_from || romeToday()} value={form.date_to} onChange={(e) => setForm({ ...form, date_to: e.target.value })} />
        </label>
        {err('date_to')}
        <label className="inline">
          <input type="checkbox" checked={form.allDay} onChange={(e) => setForm({ ...form, allDay: e.target.checked })} />
          {consoleMessages.closures.allDay}
        </label>
        {form.allDay ? null : (
          <>
            <label>
              {consoleMessages.common.from}
              <input type="time" value={form.start_time} onChange={(e) => setForm({ ...form, start_time: e.target.value })} />
            </label>
            {err('start_time')}
            <label>
              {consoleMessages.common.to}
              <input type="time" value={form.end_time} onChange={(e) => setForm({ ...form, end_time: e.target.value })} />
            </label>
            {err('end_time')}
          </>
        )}
        <label>
          {consoleMessages.common.reason}
          <input type="text" maxLength={200} value={form.reason} onChange={(e) => setForm({ ...form, reason: e.target.value })} />
        </label>
        {err('reason')}
        <button type="submit" disabled={create.isPending}>
          {consoleMessages.closures.save}
        </button>
      </form>
      <FeedbackLine feedback={message} />
      <h2>{consoleMessages.closures.planned}</h2>
      {closures.data && closures.data.data.length === 0 ? <p>{consoleMessages.closures.empty}</p> : null}
      <ul className="cards">
        {closures.data?.data.map((c) => (
          <li key={c.id}>
            <strong>
              {formatDay(c.date_from)}
              {c.date_to !== c.date_from ? ` – ${formatDay(c.date_to)}` : ''}
            </strong>{' '}
            · {c.staff_name ?? consoleMessages.closures.wholeShop} · {c.start_time ? `${c.start_time}–${c.end_time}` : consoleMessages.closures.allDayLower}
            {c.reason ? ` · ${c.reason}` : ''}{' '}
            <LinkButton
              hint={fillMessage(consoleMessages.closures.closureHint, { day: formatDay(c.date_from) })}
              disabled={remove.isPending}
              onClick={() => window.confirm(consoleMessages.closures.deleteConfirm) && remove.mutate(c.id)}
            >
              {consoleMessages.common.delete}
            </LinkButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
