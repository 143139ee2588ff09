import type { InputHTMLAttributes, Ref } from 'react';
import { FieldText, useFieldIds } from './field-parts';

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
  const { inputId, ids, describedBy } = useFieldIds(id, { prefix, hint, error });
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field__control">
        {prefix ? (
          <span className="field__prefix" id={ids.prefix}>
            {prefix}
          </span>
        ) : null}
        <input
          {...input}
          ref={ref}
          id={inputId}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      </div>
      <FieldText className="field__hint" id={ids.hint} text={hint} />
      <FieldText className="field__error" id={ids.error} text={error} />
    </div>
  );
}
