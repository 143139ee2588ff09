import { type Ref, type TextareaHTMLAttributes, useId } from 'react';
import './textarea-field.css';

export interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line field in the design system's field style. */
export function TextareaField({ label, id, ref, ...rest }: TextareaFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className="field">
      <label className="field__label" htmlFor={fieldId}>
        {label}
      </label>
      <div className="field__control">
        <textarea {...rest} ref={ref} id={fieldId} className="field__input field__input--multiline" rows={rest.rows ?? 3} />
      </div>
    </div>
  );
}
