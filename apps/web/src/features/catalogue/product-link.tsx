import { Link, useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { afterNextPaint } from '../../lib/after-next-paint';

/** A click the router would handle itself: the main button, no key that asks for a new tab or window. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey && !event.defaultPrevented;
}

/**
 * The link from a list of products to a product's page. A tap paints first (the link shows it is
 * opening) and the router navigates in the task after that paint: the navigation renders the
 * product screen and takes the list down synchronously (the router's location and matches are
 * external stores, which React renders at once, not in a transition), and on a slow phone that
 * kept the tap's next paint waiting 110–170 ms (INP, issue 22; decision 0581). A click with a
 * modifier key (new tab, new window) stays the browser's; hover, focus and touch still preload the
 * page as every link does. The mark is set on the element, not through React state: a re-render
 * of the link (its router hooks) would be the only work left in the tap; the list it is in is
 * taken down by the navigation that follows.
 */
export function ProductLink({ code, className, children }: { code: string; className: string; children: ReactNode }) {
  const router = useRouter();
  return (
    <Link
      to="/app/product/$code"
      params={{ code }}
      className={className}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        const opening = `${className}--opening`;
        if (event.currentTarget.classList.contains(opening)) return;
        event.currentTarget.classList.add(opening);
        afterNextPaint(() => void router.navigate({ to: '/app/product/$code', params: { code } }));
      }}
    >
      {children}
    </Link>
  );
}
