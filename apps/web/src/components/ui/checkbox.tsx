import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldText, useFieldIds } from './field-parts';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  error?: string | undefined;
  /** Shown as a switch (role="switch"), e.g. consents and notification toggles. */
  asSwitch?: boolean;
  /** A note under the label (e.g. 'Questo consenso è obbligatorio'). */
  note?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox (or switch) with its label, note and error wired for assistive technology. */
export function Checkbox({ label, error, note, asSwitch = false, id, className, ref, ...input }: CheckboxProps) {
  const { inputId, ids, describedBy } = useFieldIds(id, { note, error });
  return (
    <div className={['check', asSwitch ? 'check--switch' : '', error ? 'check--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <input
        {...input}
        ref={ref}
        id={inputId}
        type="checkbox"
        role={asSwitch ? 'switch' : undefined}
        className="check__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <div className="check__text">
        <label htmlFor={inputId} className="check__label">
          {label}
        </label>
        <FieldText className="check__note" id={ids.note} text={note} />
        <FieldText className="field__error" id={ids.error} text={error} />
      </div>
    </div>
  );
}
