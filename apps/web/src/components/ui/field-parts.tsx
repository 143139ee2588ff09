import { useId } from 'react';

/**
 * The ids that tie an input to the texts around it (`{inputId}-{part}`) and its aria-describedby:
 * the parts present, in the order given.
 */
export function useFieldIds<K extends string>(id: string | undefined, parts: Record<K, unknown>) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const ids = {} as Record<K, string>;
  const present: string[] = [];
  for (const part of Object.keys(parts) as K[]) {
    ids[part] = `${inputId}-${part}`;
    if (parts[part]) present.push(ids[part]);
  }
  return { inputId, ids, describedBy: present.join(' ') || undefined };
}

/** A field's hint, note or error under it; nothing when there is no text. */
export function FieldText({ className, id, text }: { className: string; id: string; text: string | undefined }) {
  return text ? (
    <p className={className} id={id}>
      {text}
    </p>
  ) : null;
}
