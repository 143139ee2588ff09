/**
 * A labelled select of named rows (staff, categories, groups), its value the row's id as text;
 * `none` adds a first empty choice ("Nessuna", "Tutti"…) whose value is ''.
 */
export function NamedSelect({
  label,
  value,
  onChange,
  options,
  none,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { id: number; name: string }[] | undefined;
  none?: string;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {none === undefined ? null : <option value="">{none}</option>}
        {options?.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A labelled select of codes, each shown by its label (a content page, a voucher kind), in the labels' order. */
export function LabelSelect<K extends string>({
  label,
  value,
  onChange,
  labels,
}: {
  label: string;
  value: K;
  onChange: (value: K) => void;
  labels: Readonly<Record<K, string>>;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value as K)}>
        {(Object.entries(labels) as [K, string][]).map(([code, text]) => (
          <option key={code} value={code}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
