import { errorLink, FieldError } from './feedback';

/**
 * A form's plain inputs, each with its label and the server's last message for it (422), linked
 * by `aria-describedby` so a screen reader reads the error with the field.
 */
export function TextFields<K extends string>({
  fields,
  form,
  errors,
  idPrefix,
  onChange,
}: {
  fields: ReadonlyArray<readonly [K, string, string]>;
  form: Record<K, string>;
  errors: Record<string, string[]>;
  idPrefix: string;
  onChange: (form: Record<K, string>) => void;
}) {
  return fields.map(([key, label, type]) => (
    <div key={key}>
      <label>
        {label}
        <input
          type={type}
          value={form[key]}
          {...errorLink(errors[key], `${idPrefix}-${key}-error`)}
          onChange={(e) => onChange({ ...form, [key]: e.target.value })}
        />
      </label>
      <FieldError errors={errors} name={key} id={`${idPrefix}-${key}-error`} />
    </div>
  ));
}
