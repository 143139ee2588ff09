/**
 * A checkbox whose consequence is said under it, read with it by screen readers (its
 * `aria-describedby`): e.g. what marking a product a medicine brings (decision 0699).
 */
export function HintedCheckbox({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <>
      <label className="inline">
        <input type="checkbox" checked={checked} aria-describedby={`${id}-hint`} onChange={(e) => onChange(e.target.checked)} />
        {label}
      </label>
      <p id={`${id}-hint`} className="hint">
        {hint}
      </p>
    </>
  );
}
