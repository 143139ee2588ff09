import { productPagePath } from '@farmacia/contract';
import { useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { isPlainClick, PlainLink } from '../../components/ui/plain-link';
import { afterNextPaint } from '../../lib/after-next-paint';

/**
 * The link from a list of products to a product's page. A tap paints first (the link shows it is
 * opening) and the router navigates in the task after that paint: the navigation renders the
 * product screen and takes the list down synchronously (the router's location and matches are
 * external stores, which React renders at once, not in a transition), and on a slow phone that
 * kept the tap's next paint waiting 110–170 ms (INP, issue 22; decision 0581). A click with a
 * modifier key (new tab, new window) stays the browser's; hover, focus and touch still preload the
 * page as every link does. The mark is set on the element, not through React state: a re-render
 * of the link would be the only work left in the tap; the list it is in is taken down by the
 * navigation that follows. A plain anchor, not a TanStack `Link`: a search's start renders one per
 * result (decision 0671).
 */
export function ProductLink({ code, className, children }: { code: string; className: string; children: ReactNode }) {
  const router = useRouter();
  const href = productPagePath(code);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    const opening = `${className}--opening`;
    if (event.currentTarget.classList.contains(opening)) return;
    event.currentTarget.classList.add(opening);
    afterNextPaint(() => void router.navigate({ href }));
  };
  return (
    <PlainLink href={href} className={className} onClick={open}>
      {children}
    </PlainLink>
  );
}
