import {
  AdminReservationResponseSchema,
  AdminServiceListResponseSchema,
  type AdminReservation,
  AdminStaffListResponseSchema,
  type BookingCustomer,
  BookingCustomerListResponseSchema,
  isCustomerSearchable,
  ReservationSlotsResponseSchema,
  ServiceAvailabilityResponseSchema,
  consoleMessages,
  fillMessage,
} from '@farmacia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api';
import { contactLine, formatDay } from '../../app/format';
import { FormActions } from '../../components/form-actions';
import { FeedbackLine, FieldError, useFeedback } from '../../components/feedback';
import { shopBody, withShop } from './shop-scope';

/**
 * A booking made at the counter or on the phone for a customer of the shop: customer → service →
 * day → free time. The times are the app's own (the public slot calls), and the server re-checks
 * them under the booking lock: a time taken meanwhile answers 409 and the list is reloaded.
 */
export function NewReservation({ onBooked, onClose }: { onBooked: (r: AdminReservation) => void; onClose: () => void }) {
  const queryClient = useQueryClient();
  const fb = useFeedback();
  const [search, setSearch] = useState('');
  const [customer, setCustomer] = useState<BookingCustomer | null>(null);
  const [serviceId, setServiceId] = useState('');
  const [day, setDay] = useState('');
  const [slot, setSlot] = useState<{ time: string; staffId: number } | null>(null);
  const [note, setNote] = useState('');

  const customers = useQuery({
    queryKey: ['booking-customers', search],
    queryFn: () => api('GET', withShop(`/admin/reservation-customers?q=${encodeURIComponent(search.trim())}`), BookingCustomerListResponseSchema),
    enabled: isCustomerSearchable(search) && customer === null,
  });
  const services = useQuery({ queryKey: ['admin-services'], queryFn: () => api('GET', withShop('/admin/services'), AdminServiceListResponseSchema) });
  const staff = useQuery({ queryKey: ['staff'], queryFn: () => api('GET', withShop('/admin/staff'), AdminStaffListResponseSchema) });
  const days = useQuery({
    queryKey: ['service-days', serviceId],
    queryFn: () => api('GET', `/services/${serviceId}/availability`, ServiceAvailabilityResponseSchema),
    enabled: serviceId !== '',
  });
  const slots = useQuery({
    queryKey: ['service-slots', serviceId, day],
    queryFn: () => api('GET', `/reservations/${serviceId}/${day}`, ReservationSlotsResponseSchema),
    enabled: serviceId !== '' && day !== '',
    staleTime: 0,
  });
  const staffName = (id: number) => staff.data?.data.find((s) => s.id === id)?.name ?? '';

  const book = useMutation({
    mutationFn: () =>
      api('POST', '/admin/reservations', AdminReservationResponseSchema, {
        ...shopBody(),
        customer_id: customer?.id,
        service_id: Number(serviceId),
        staff_id: slot?.staffId,
        day,
        start_appointment: slot?.time,
        note: note || null,
      }),
    onMutate: fb.clear,
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: ['agenda'] });
      onBooked(res.data);
    },
    onError: (e) => {
      fb.fail(e);
      setSlot(null);
      // Someone may have taken the time: show the times as they are now.
      void slots.refetch();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    book.mutate();
  };
  const active = services.data?.data.filter((s) => s.active) ?? [];

  return (
    <form className="card" onSubmit={submit} aria-labelledby="new-reservation-title" noValidate>
      <h2 id="new-reservation-title">{consoleMessages.agenda.newForCustomer}</h2>
      {customer ? (
        <p>
          {consoleMessages.agenda.customerLine} <strong>{customer.name}</strong> · {customer.email}
          {customer.phone_number ? ` · ${customer.phone_number}` : ''}{' '}
          <button type="button" className="link" onClick={() => setCustomer(null)}>
            {consoleMessages.agenda.changeCustomer}
          </button>
        </p>
      ) : (
        <div className="picker">
          <label>
            {consoleMessages.agenda.searchCustomer}
            <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} aria-describedby="customer_id-error" />
          </label>
          {customers.data && customers.data.data.length === 0 ? <p>{consoleMessages.common.noCustomerFound}</p> : null}
          {customers.data && customers.data.data.length > 0 ? (
            <ul aria-label={consoleMessages.common.customersFound}>
              {customers.data.data.map((c) => (
                <li key={c.id}>
                  <button type="button" className="link" onClick={() => setCustomer(c)}>
                    {contactLine(c)}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
      <FieldError errors={fb.errors} name="customer_id" />
      <label>
        {consoleMessages.common.service}
        <select
          value={serviceId}
          onChange={(e) => {
            setServiceId(e.target.value);
            setDay('');
            setSlot(null);
          }}
        >
          <option value="">{consoleMessages.agenda.chooseService}</option>
          {active.map((s) => (
            <option key={s.id} value={s.id}>
              {fillMessage(consoleMessages.agenda.serviceOption, { service: s.name, duration: s.duration })}
            </option>
          ))}
        </select>
      </label>
      <FieldError errors={fb.errors} name="service_id" />
      {serviceId ? (
        <label>
          {consoleMessages.common.day}
          <select
            value={day}
            onChange={(e) => {
              setDay(e.target.value);
              setSlot(null);
            }}
          >
            <option value="">{days.data && days.data.availableDate.length === 0 ? consoleMessages.agenda.noDay : consoleMessages.agenda.chooseDay}</option>
            {days.data?.availableDate.map((d) => (
              <option key={d} value={d}>
                {formatDay(d)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <FieldError errors={fb.errors} name="day" />
      {day ? (
        <fieldset>
          <legend>{consoleMessages.agenda.slot}</legend>
          {slots.data && slots.data.availableSlots.length === 0 ? <p>{consoleMessages.agenda.noSlot}</p> : null}
          <div className="actions">
            {slots.data?.availableSlots.map((s) => (
              <button
                key={s.time}
                type="button"
                className={slot?.time === s.time ? undefined : 'secondary'}
                aria-pressed={slot?.time === s.time}
                onClick={() => setSlot(s)}
              >
                {s.time} <small>{staffName(s.staffId)}</small>
              </button>
            ))}
          </div>
        </fieldset>
      ) : null}
      <FieldError errors={fb.errors} name="start_appointment" />
      <FieldError errors={fb.errors} name="staff_id" />
      <label>
        {consoleMessages.agenda.note}
        <textarea maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      <FieldError errors={fb.errors} name="note" />
      <FeedbackLine feedback={fb.feedback} />
      <FormActions submit={consoleMessages.agenda.book} pending={book.isPending || !customer || !slot} onCancel={onClose} cancelLabel={consoleMessages.common.close} />
    </form>
  );
}
