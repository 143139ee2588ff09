import type { Ref, SelectHTMLAttributes } from 'react';
import { FieldText, useFieldIds } from './field-parts';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  /** The message under the field (client rule or the server's last message, spec §5). */
  error?: string | undefined;
  /** The choices after the empty '—' one, each shown as its value. */
  choices: readonly string[];
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled select with an empty first choice and its error message wired for assistive technology (as TextField). */
export function SelectField({ label, error, choices, id, ref, ...select }: SelectFieldProps) {
  const { inputId, ids, describedBy } = useFieldIds(id, { error });
  return (
    <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <select {...select} ref={ref} id={inputId} className="field__select" aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
        <option value="">—</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
      <FieldText className="field__error" id={ids.error} text={error} />
    </div>
  );
}
