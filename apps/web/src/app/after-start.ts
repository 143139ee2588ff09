import { startTransition, useEffect, useState } from 'react';

/**
 * The shell's extras that nobody reads at the first paint (the tabs' badge numbers, the footer's
 * seller strip) join the page one task after the effects of the commit that mounted the screen.
 * On a slow phone those effects are one main-thread task (the screen's queries subscribing, its
 * own effects); the badges' requests and the seller strip's lazy import made it 10–16 ms of thread
 * time at 1× on the signed-in pages, a long task at 7× (issue 22, decision 0651).
 *
 * One timer for the whole page, and every waiting part shown in one transition: one render,
 * sliced, whose effects are a task of their own. Afterwards (a badge for a tab that appears on
 * login, a footer on a later screen) they show at once.
 */
let started = false;
const waiting = new Set<() => void>();

function showWhenStarted(show: () => void): () => void {
  if (waiting.size === 0) {
    setTimeout(() => {
      started = true;
      startTransition(() => {
        for (const waiter of waiting) waiter();
      });
      waiting.clear();
    }, 0);
  }
  waiting.add(show);
  return () => {
    waiting.delete(show);
  };
}

/** False in the page's first render and its effects, true from the task after them on. */
export function useAfterStart(): boolean {
  const [shown, setShown] = useState(started);
  useEffect(() => {
    if (shown) return;
    return showWhenStarted(() => setShown(true));
  }, [shown]);
  return shown;
}
