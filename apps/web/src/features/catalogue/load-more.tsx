import { catalogueMessages } from '@farmacia/contract';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button';

export interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** Shown when every page is loaded (and there was more than one). */
  endText?: string;
}

/** How far below the viewport the next page starts loading, so scrolling rarely has to wait. */
const PRELOAD_MARGIN = '400px 0px';

/**
 * Infinite scroll (spec §2): the next page loads when this comes near the viewport. It is also a
 * real button, so keyboard and switch users (and browsers without IntersectionObserver) can load
 * more without scrolling.
 */
export function LoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage, endText }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const fetchRef = useRef(fetchNextPage);
  fetchRef.current = fetchNextPage;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || isFetchingNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) fetchRef.current();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage]);

  if (!hasNextPage) return endText ? <p className="load-more__end">{endText}</p> : null;
  return (
    <div ref={sentinel} className="load-more">
      <Button variant="secondary" block busy={isFetchingNextPage} onClick={() => fetchRef.current()}>
        {catalogueMessages.loadMore}
      </Button>
    </div>
  );
}
