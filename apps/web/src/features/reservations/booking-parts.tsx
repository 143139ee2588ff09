import { formatTime, type Slot } from '@farmacia/contract';
import './reservations.css';

/** The free times of a day as buttons (spec §2); the chosen one is pressed. */
export function SlotButtons({
  slots,
  label,
  selected,
  onChoose,
}: {
  slots: readonly Slot[];
  label: string;
  selected: Slot | null;
  onChoose: (slot: Slot) => void;
}) {
  return (
    <ul className="slots" aria-label={label}>
      {slots.map((slot) => (
        <li key={slot.time}>
          <button
            type="button"
            className="slot"
            aria-pressed={selected?.time === slot.time}
            onClick={() => onChoose(slot)}
          >
            {formatTime(slot.time)}
          </button>
        </li>
      ))}
    </ul>
  );
}
