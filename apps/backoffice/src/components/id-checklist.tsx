import { FieldError } from './feedback';

/**
 * A fieldset of checkboxes, one per named row, that chooses a list of ids (an event's services, a
 * service's staff), and under it the server's error on the field `name`.
 */
export function IdChecklist({
  legend,
  name,
  errors,
  options,
  chosen,
  onChange,
  describedBy,
}: {
  legend: string;
  name: string;
  errors: Record<string, string[]>;
  options: readonly { id: number; name: string }[] | undefined;
  chosen: readonly number[];
  onChange: (ids: number[]) => void;
  describedBy?: string;
}) {
  return (
    <>
      <fieldset aria-describedby={describedBy}>
        <legend>{legend}</legend>
        {options?.map((option) => (
          <label className="inline" key={option.id}>
            <input
              type="checkbox"
              checked={chosen.includes(option.id)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, option.id] : chosen.filter((id) => id !== option.id))}
            />
            {option.name}
          </label>
        ))}
      </fieldset>
      <FieldError errors={errors} name={name} />
    </>
  );
}
