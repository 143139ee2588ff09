import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

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
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const noteId = `${inputId}-note`;
  const describedBy = [note ? noteId : '', error ? errorId : ''].filter(Boolean).join(' ');
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
        aria-describedby={describedBy || undefined}
      />
      <div className="check__text">
        <label htmlFor={inputId} className="check__label">
          {label}
        </label>
        {note ? (
          <p className="check__note" id={noteId}>
            {note}
          </p>
        ) : null}
        {error ? (
          <p className="field__error" id={errorId}>
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
