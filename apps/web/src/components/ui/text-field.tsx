import { type InputHTMLAttributes, type Ref, useId } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> {
  label: string;
  /** The message under the field (client rule or the server's last message, spec §5). */
  error?: string | undefined;
  hint?: string;
  /** Text shown before the input, part of its accessible description (e.g. '+39'). */
  prefix?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its error message wired for assistive technology. */
export function TextField({ label, error, hint, prefix, id, className, ref, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const prefixId = `${inputId}-prefix`;
  const describedBy = [prefix ? prefixId : '', hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field__control">
        {prefix ? (
          <span className="field__prefix" id={prefixId}>
            {prefix}
          </span>
        ) : null}
        <input
          {...input}
          ref={ref}
          id={inputId}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
      </div>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
