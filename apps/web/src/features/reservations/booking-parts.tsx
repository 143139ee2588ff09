import { fillMessage, formatTime, messages, type Service, type Slot } from '@farmacia/contract';
import { type Ref, type TextareaHTMLAttributes, useId } from 'react';
import { Price } from '../../components/ui/price';
import './reservations.css';

/** Price (only when the service shows it, spec §2) and duration of a service. */
export function ServiceFacts({ service, alwaysPrice = false }: { service: Service; alwaysPrice?: boolean }) {
  return (
    <dl className="service-facts">
      {service.show_price || alwaysPrice ? (
        <div>
          <dt>{messages.reservations.price}</dt>
          <dd>{service.price === 0 ? messages.reservations.free : <Price euro={service.price} />}</dd>
        </div>
      ) : null}
      <div>
        <dt>{messages.reservations.duration}</dt>
        <dd>{fillMessage(messages.reservations.minutes, { minutes: service.duration })}</dd>
      </div>
    </dl>
  );
}

/** The free times of a day as buttons (spec §2); the chosen one is pressed. */
export function SlotButtons({
  slots,
  label,
  selected,
  onChoose,
}: {
  slots: readonly Slot[];
  label: string;
  selected: Slot | null;
  onChoose: (slot: Slot) => void;
}) {
  return (
    <ul className="slots" aria-label={label}>
      {slots.map((slot) => (
        <li key={slot.time}>
          <button
            type="button"
            className="slot"
            aria-pressed={selected?.time === slot.time}
            onClick={() => onChoose(slot)}
          >
            {formatTime(slot.time)}
          </button>
        </li>
      ))}
    </ul>
  );
}

export interface NoteFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line field in the design system's field style. */
export function NoteField({ label, id, ref, ...rest }: NoteFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className="field">
      <label className="field__label" htmlFor={fieldId}>
        {label}
      </label>
      <div className="field__control">
        <textarea {...rest} ref={ref} id={fieldId} className="field__input field__input--multiline" rows={rest.rows ?? 3} />
      </div>
    </div>
  );
}
