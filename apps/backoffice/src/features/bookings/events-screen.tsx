import {
  type AdminEvent,
  AdminEventListResponseSchema,
  AdminEventResponseSchema,
  AdminServiceListResponseSchema,
  countText,
  messages,
  consoleMessages,
  fillMessage,
} from '@farmacia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api';
import { formatDateTime, romeToday } from '../../app/format';
import { DangerButton, FormActions } from '../../components/form-actions';
import { FeedbackLine, FieldError, useFeedback } from '../../components/feedback';
import { LinkButton } from '../../components/link-button';
import { ShopPicker } from './shop-picker';
import { shopBody, withShop } from './shop-scope';
import { IdChecklist } from '../../components/id-checklist';

const eventsKey = ['admin-events'];

/** Events (e.g. 'Giornata della pelle'): which services they offer and in which windows. */
export function EventsScreen() {
  const events = useQuery({ queryKey: eventsKey, queryFn: () => api('GET', withShop('/admin/events'), AdminEventListResponseSchema) });
  const [editing, setEditing] = useState<AdminEvent | 'new' | null>(null);
  return (
    <section aria-labelledby="events-title">
      <h1 id="events-title">{consoleMessages.layout.nav.events}</h1>
      <ShopPicker />
      <div className="actions">
        <button type="button" onClick={() => setEditing('new')} disabled={editing === 'new'}>
          {consoleMessages.events.newEvent}
        </button>
      </div>
      {editing ? <EventForm key={editing === 'new' ? 'new' : editing.id} event={editing === 'new' ? null : editing} onDone={() => setEditing(null)} /> : null}
      {events.data && events.data.data.length === 0 ? <p>{consoleMessages.events.empty}</p> : null}
      <ul className="cards">
        {events.data?.data.map((e) => (
          <li key={e.id}>
            <strong>{e.name}</strong> {e.active ? '' : consoleMessages.events.retiredMark}{' '}
            <LinkButton hint={e.name} onClick={() => setEditing(e)}>
              {consoleMessages.common.edit}
            </LinkButton>
            <Availabilities event={e} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function EventForm({ event, onDone }: { event: AdminEvent | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const fb = useFeedback();
  const services = useQuery({ queryKey: ['admin-services'], queryFn: () => api('GET', withShop('/admin/services'), AdminServiceListResponseSchema) });
  const [form, setForm] = useState({
    name: event?.name ?? '',
    description: event?.description ?? '',
    active: event?.active ?? true,
    service_ids: event?.service_ids ?? [],
  });
  const save = useMutation({
    mutationFn: () =>
      event
        ? api('PUT', withShop(`/admin/events/${event.id}`), AdminEventResponseSchema, form)
        : api('POST', '/admin/events', AdminEventResponseSchema, { ...shopBody(), ...form }),
    onMutate: fb.clear,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: eventsKey });
      onDone();
    },
    onError: fb.fail,
  });
  const withdraw = useMutation({
    mutationFn: () => api('DELETE', withShop(`/admin/events/${event?.id}`), AdminEventResponseSchema),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: eventsKey });
      onDone();
    },
    onError: fb.fail,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="event-form-title">
      <h2 id="event-form-title">{event ? fillMessage(consoleMessages.common.editNamed, { name: event.name }) : consoleMessages.events.newEvent}</h2>
      <label>
        {consoleMessages.events.eventName}
        <input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} aria-describedby="name-error" />
      </label>
      <FieldError errors={fb.errors} name="name" />
      <label>
        {consoleMessages.common.htmlDescription}
        <textarea rows={3} value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
      </label>
      <label className="inline">
        <input type="checkbox" checked={form.active} onChange={(e) => setForm({ ...form, active: e.target.checked })} />
        {consoleMessages.common.visibleInApp}
      </label>
      <IdChecklist
        name="service_ids"
        errors={fb.errors}
        legend={consoleMessages.events.offeredServices}
        options={services.data?.data.filter((s) => s.active || form.service_ids.includes(s.id))}
        chosen={form.service_ids}
        onChange={(service_ids) => setForm({ ...form, service_ids })}
      />
      <FeedbackLine feedback={fb.feedback} />
      <FormActions submit={consoleMessages.events.save} pending={save.isPending} onCancel={onDone}>
        {event?.active ? (
          <DangerButton question={consoleMessages.events.retireConfirm} pending={withdraw.isPending} onConfirm={() => withdraw.mutate()}>
            {consoleMessages.events.retire}
          </DangerButton>
        ) : null}
      </FormActions>
    </form>
  );
}

/** The event's windows; one holding bookings cannot be removed (the server answers 409). */
function Availabilities({ event }: { event: AdminEvent }) {
  const queryClient = useQueryClient();
  const fb = useFeedback();
  const [form, setForm] = useState({ day: '', start: '', end: '' });
  const add = useMutation({
    mutationFn: () => api('POST', withShop(`/admin/events/${event.id}/availabilities`), AdminEventResponseSchema, form),
    onMutate: fb.clear,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: eventsKey });
      fb.notice(consoleMessages.events.availabilityAdded);
      setForm({ day: '', start: '', end: '' });
    },
    onError: fb.fail,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api('DELETE', withShop(`/admin/event-availabilities/${id}`), AdminEventResponseSchema),
    onMutate: fb.clear,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: eventsKey });
      fb.notice(consoleMessages.events.availabilityDeleted);
    },
    onError: fb.fail,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };
  const id = (k: string) => `av-${event.id}-${k}`;
  return (
    <div>
      <ul>
        {event.availabilities.map((a) => (
          <li key={a.id}>
            {formatDateTime(a.start_at)} – {formatDateTime(a.end_at)} · {countText(messages.counts.reservations, a.booked)}{' '}
            <LinkButton hint={fillMessage(consoleMessages.events.availabilityHint, { start: formatDateTime(a.start_at) })} disabled={remove.isPending} onClick={() => remove.mutate(a.id)}>
              {consoleMessages.common.delete}
            </LinkButton>
          </li>
        ))}
      </ul>
      <form className="toolbar" onSubmit={submit} noValidate aria-label={fillMessage(consoleMessages.events.newAvailability, { event: event.name })}>
        <label>
          {consoleMessages.common.day}
          <input type="date" min={romeToday()} value={form.day} onChange={(e) => setForm({ ...form, day: e.target.value })} aria-describedby={id('day')} />
        </label>
        <label>
          {consoleMessages.common.from}
          <input type="time" value={form.start} onChange={(e) => setForm({ ...form, start: e.target.value })} aria-describedby={id('start')} />
        </label>
        <label>
          {consoleMessages.common.to}
          <input type="time" value={form.end} onChange={(e) => setForm({ ...form, end: e.target.value })} aria-describedby={id('end')} />
        </label>
        <button type="submit" disabled={add.isPending}>
          {consoleMessages.events.addAvailability}
        </button>
      </form>
      <FieldError errors={fb.errors} name="day" id={id('day')} />
      <FieldError errors={fb.errors} name="start" id={id('start')} />
      <FieldError errors={fb.errors} name="end" id={id('end')} />
      <FeedbackLine feedback={fb.feedback} />
    </div>
  );
}
