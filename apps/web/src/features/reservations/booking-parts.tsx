import { formatTime, type Slot } from '@farmacia/contract';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useLoggedIn } from '../../lib/session';
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

/**
 * The time a customer taps (spec §2): a logged-in one gets it chosen (the 'Riepilogo' opens on
 * it); a visitor logs in and comes back to `here`, the same day.
 */
export function useSlotChoice() {
  const loggedIn = useLoggedIn();
  const navigate = useNavigate();
  const [slot, setSlot] = useState<Slot | null>(null);
  const choose = (chosen: Slot, here: string) => {
    if (!loggedIn) {
      void navigate({ to: '/auth/login', search: { redirect: here } as never });
      return;
    }
    setSlot(chosen);
  };
  return { slot, setSlot, choose };
}
