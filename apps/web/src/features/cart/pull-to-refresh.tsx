import { cartMessages } from '@farmacia/contract';
import { type ReactNode, useRef, useState } from 'react';

/** How far (px) the page must be pulled down, from its top, to refresh. */
export const PULL_THRESHOLD_PX = 70;

/**
 * Spec §2 Cart "Supports pull to refresh": pulling the page down from its top and releasing past
 * the threshold calls `onRefresh`. Touch only; keyboard and mouse users have the refresh button
 * the screen shows next to its title.
 */
export function PullToRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const start = useRef<number | null>(null);
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);

  const onTouchStart = (event: React.TouchEvent) => {
    start.current = window.scrollY <= 0 && !refreshing ? (event.touches[0]?.clientY ?? null) : null;
  };
  const onTouchMove = (event: React.TouchEvent) => {
    if (start.current === null) return;
    const distance = (event.touches[0]?.clientY ?? start.current) - start.current;
    setPull(Math.max(0, Math.min(distance, PULL_THRESHOLD_PX * 1.5)));
  };
  const onTouchEnd = () => {
    const pulled = pull;
    start.current = null;
    setPull(0);
    if (pulled < PULL_THRESHOLD_PX) return;
    setRefreshing(true);
    void onRefresh().finally(() => setRefreshing(false));
  };

  const label = refreshing ? cartMessages.refreshing : pull >= PULL_THRESHOLD_PX ? cartMessages.releaseToRefresh : cartMessages.pullToRefresh;
  return (
    <div className="pull-to-refresh" onTouchStart={onTouchStart} onTouchMove={onTouchMove} onTouchEnd={onTouchEnd} onTouchCancel={onTouchEnd}>
      <div className="pull-to-refresh__indicator" style={{ height: refreshing ? 36 : pull / 2 }} aria-hidden={!refreshing}>
        {pull > 0 || refreshing ? <span role={refreshing ? 'status' : undefined}>{label}</span> : null}
      </div>
      {children}
    </div>
  );
}
