import { FieldText, useFieldIds } from './field-parts';

/** A labelled multi-line note (prescriptions and requests), wired like TextField. */
export function NoteField({
  label,
  value,
  onChange,
  error,
  hint,
  required = false,
  maxLength,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  maxLength?: number;
}) {
  const { inputId, ids, describedBy } = useFieldIds(undefined, { hint, error });
  return (
    <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field__control">
        <textarea
          id={inputId}
          className="field__input field__input--textarea"
          rows={4}
          value={value}
          maxLength={maxLength}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <FieldText className="field__hint" id={ids.hint} text={hint} />
      <FieldText className="field__error" id={ids.error} text={error} />
    </div>
  );
}
