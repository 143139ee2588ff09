import {
  ESCALATION_MINUTES_MAX,
  ESCALATION_MINUTES_MIN,
  fillMessage,
  messages,
  STAFF_ALERT_EVENTS,
  type StaffAlertEvent,
  type StaffAlertSettings,
  StaffAlertSettingsResponseSchema,
  type StaffAlertSettingsUpdate,
} from '@farmacia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type InputHTMLAttributes, useState } from 'react';
import { api } from '../../lib/api';
import { FeedbackLine, FieldError, QueryError, useFeedback } from '../../components/feedback';
import { FormActions } from '../../components/form-actions';
import { useShopChoice, useShopQuery } from '../../lib/use-shop-choice';
import { disablePush, enablePush, PushBlocked, pushActive, pushSupported } from './push';
import { useSettingsSave } from '../../components/settings-save';

const m = messages.staffAlerts;

const EVENT_LABELS: Record<StaffAlertEvent, string> = {
  order: m.eventOrder,
  booking: m.eventBooking,
  bookingCancelled: m.eventBookingCancelled,
  infoRequest: m.eventInfoRequest,
};

/**
 * "Negozio › Avvisi" (issue 15): where the shop's alerts go, which events alert, the escalation of
 * orders nobody takes in charge; and this pharmacist's push alerts on this browser.
 */
export function StaffAlertsScreen() {
  const choice = useShopChoice();
  const { queryKey, query: settings } = useShopQuery(choice, 'staff-alerts', '/admin/staff-alerts', StaffAlertSettingsResponseSchema);
  return (
    <section aria-labelledby="staff-alerts-title">
      <h1 id="staff-alerts-title">{m.title}</h1>
      {choice.picker}
      <p>{m.intro}</p>
      <QueryError query={settings} />
      {settings.data ? (
        <SettingsForm key={settings.data.data.shop_id} data={settings.data.data} queryKey={queryKey} toBody={choice.body} />
      ) : (
        <p>{m.loading}</p>
      )}
      <PushToggle />
    </section>
  );
}

function SettingsForm({
  data,
  queryKey,
  toBody,
}: {
  data: StaffAlertSettings;
  queryKey: unknown[];
  toBody: <T extends object>(body: T) => T;
}) {
  const [email, setEmail] = useState(data.email ?? '');
  const [events, setEvents] = useState(data.events);
  const [escalation, setEscalation] = useState(data.escalation_enabled);
  const [minutes, setMinutes] = useState(String(data.escalation_minutes));
  const { feedback, mutation: save } = useSettingsSave(
    queryKey,
    (body: StaffAlertSettingsUpdate) => api('PUT', '/admin/staff-alerts', StaffAlertSettingsResponseSchema, toBody(body)),
    m.saved,
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Whatever was typed goes to the server (a non-number becomes null in JSON): it answers in Italian.
    save.mutate({ email, events, escalation_enabled: escalation, escalation_minutes: Number(minutes) });
  };
  return (
    <form className="card wide" aria-labelledby="staff-alerts-title" noValidate onSubmit={submit}>
      <HintedInput
        id="alert-email"
        label={m.emailLabel}
        hint={data.shop_email ? fillMessage(m.emailHint, { email: data.shop_email }) : m.emailHintNone}
        field="email"
        errors={feedback.errors}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <fieldset>
        <legend>{m.eventsLegend}</legend>
        {STAFF_ALERT_EVENTS.map((event) => (
          <label className="inline" key={event}>
            <input type="checkbox" checked={events[event]} onChange={(e) => setEvents({ ...events, [event]: e.target.checked })} />
            {EVENT_LABELS[event]}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{m.escalationLegend}</legend>
        <label className="inline">
          <input type="checkbox" checked={escalation} onChange={(e) => setEscalation(e.target.checked)} />
          {m.escalationLabel}
        </label>
        <HintedInput
          id="alert-minutes"
          label={m.escalationMinutesLabel}
          hint={m.escalationHint}
          field="escalation_minutes"
          errors={feedback.errors}
          type="number"
          inputMode="numeric"
          min={ESCALATION_MINUTES_MIN}
          max={ESCALATION_MINUTES_MAX}
          step={1}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
        />
      </fieldset>
      <FeedbackLine feedback={feedback.feedback} />
      <FormActions submit={m.save} pending={save.isPending} />
    </form>
  );
}

/** A labelled input with its hint and the server's message for `field`, both announced with it. */
function HintedInput({
  id,
  label,
  hint,
  field,
  errors,
  ...input
}: { id: string; label: string; hint: string; field: string; errors: Record<string, string[]> } & InputHTMLAttributes<HTMLInputElement>) {
  const invalid = Boolean(errors[field]);
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={invalid || undefined} aria-describedby={`${id}-hint${invalid ? ` ${field}-error` : ''}`} {...input} />
      <span className="hint" id={`${id}-hint`}>
        {hint}
      </span>
      <FieldError errors={errors} name={field} />
    </div>
  );
}

/** The pharmacist's own switch: push alerts on this browser (not a shop setting). */
function PushToggle() {
  const supported = pushSupported();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: ['staff-alerts-push'], queryFn: pushActive, enabled: supported });
  const feedback = useFeedback();
  const toggle = useMutation({
    mutationFn: async (on: boolean) => {
      if (on) await enablePush();
      else await disablePush();
      return on;
    },
    onMutate: () => feedback.clear(),
    onSuccess: (on) => {
      queryClient.setQueryData(['staff-alerts-push'], on);
      feedback.notice(on ? m.pushOn : m.pushOff);
    },
    onError: (e) => feedback.fail(new Error(e instanceof PushBlocked ? m.pushDenied : m.pushFailed)),
  });
  return (
    <section className="card wide" aria-labelledby="staff-push-title">
      <h2 id="staff-push-title">{m.pushLegend}</h2>
      {supported ? (
        <label className="inline">
          <input
            type="checkbox"
            checked={status.data === true}
            disabled={status.isPending || toggle.isPending}
            onChange={(e) => toggle.mutate(e.target.checked)}
          />
          {m.pushLabel}
        </label>
      ) : (
        <p>{m.pushUnsupported}</p>
      )}
      <FeedbackLine feedback={feedback.feedback} />
    </section>
  );
}
