import { type ReactNode, useId } from 'react';

export interface RadioChoice {
  value: string;
  label: string;
  description?: ReactNode;
  disabled?: boolean;
}

/** A labelled group of radio buttons (keyboard: arrows move, space selects) for the checkout and order modals. */
export function RadioChoices({
  legend,
  choices,
  value,
  onChange,
  name,
}: {
  legend: string;
  choices: readonly RadioChoice[];
  value: string | null;
  onChange: (value: string) => void;
  name?: string;
}) {
  const autoName = useId();
  const group = name ?? autoName;
  return (
    <fieldset className="radio-choices">
      <legend className="radio-choices__legend">{legend}</legend>
      {choices.map((choice) => {
        const id = `${group}-${choice.value}`;
        return (
          <div key={choice.value} className={choice.value === value ? 'radio-choice radio-choice--checked' : 'radio-choice'}>
            <input
              type="radio"
              id={id}
              name={group}
              value={choice.value}
              checked={choice.value === value}
              disabled={choice.disabled}
              onChange={() => onChange(choice.value)}
              className="radio-choice__input"
            />
            <label htmlFor={id} className="radio-choice__label">
              <span className="radio-choice__title">{choice.label}</span>
              {choice.description ? <span className="radio-choice__description">{choice.description}</span> : null}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
