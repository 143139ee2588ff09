import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from '../../lib/after-next-paint';

/**
 * Renders `children` once the screen's first frame has painted, in a transition of its own (issue
 * 22, decision 0594): a landing screen's sections below the fold then cost their render, commit,
 * layout and paint in tasks after the top's, not in one long task with it. Nested, each level
 * waits for one more frame, so a screen's lower parts come in steps. Until then a box of
 * `pendingClassName` (a height that keeps what follows the screen, e.g. the footer, below the
 * fold, so nothing visible moves when the sections come: CLS 0) stands in for them.
 */
export function AfterPaint({ children, pendingClassName }: { children: ReactNode; pendingClassName?: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let live = true;
    afterNextPaint(() => {
      if (live) startTransition(() => setShown(true));
    });
    return () => {
      live = false;
    };
  }, []);
  if (shown) return children;
  return pendingClassName ? <div className={pendingClassName} aria-hidden="true" /> : null;
}
