import type { Slot } from '@farmacia/contract';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useLoggedIn } from '../../lib/session';

/**
 * The time a customer taps (spec §2), on a service's or an event's slot screen: a visitor goes to
 * login and comes back to `here` (the same day); a logged-in user gets that slot's 'Riepilogo'.
 */
export function useSlotChoice(here: string) {
  const loggedIn = useLoggedIn();
  const navigate = useNavigate();
  const [slot, setSlot] = useState<Slot | null>(null);
  const chooseSlot = (chosen: Slot) => {
    if (!loggedIn) {
      void navigate({ to: '/auth/login', search: { redirect: here } as never });
      return;
    }
    setSlot(chosen);
  };
  return { slot, setSlot, chooseSlot };
}
