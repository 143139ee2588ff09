import { appMessages } from '@farmacia/contract';
import { type QueryFunction, useQuery } from '@tanstack/react-query';
import { useLocation, useRouter } from '@tanstack/react-router';
import { startTransition, useEffect, useState } from 'react';
import { Icon } from '../components/ui/icons';
import { isCurrentPath, PlainLink } from '../components/ui/plain-link';
import { useShopKey } from '../lib/current-shop';
import { useLoggedIn } from '../lib/session';
import { useAfterStart } from './after-start';
import { type TabBadgeSource, type TabDefinition, type TabId, tabBadgeSource, visibleTabs } from './tabs';

/**
 * A tab's number, for a tab whose source may run: a tab without one, or one that needs a login for
 * a visitor, renders no badge at all rather than a disabled query (its observer, cache entry and
 * effects were a third of the effects mounted on every page's start, issue 22).
 */
function TabBadge({ source }: { source: TabBadgeSource<unknown> }) {
  const shop = useShopKey();
  const query = typeof source.query === 'function' ? source.query(shop) : source.query;
  const { data } = useQuery({
    queryKey: query.queryKey,
    queryFn: query.queryFn as QueryFunction<unknown> | undefined,
    // A badge is a hint: a missing endpoint (404) or a failure shows no number, never an error.
    retry: false,
    select: (value: unknown) => (value !== null && value !== undefined ? source.count(value) : 0),
  });
  if (!data) return null;
  return <span className="tab__badge">{data > 99 ? '99+' : data}</span>;
}

/** The badge's source when the tab shows one now: it has one, and the user may ask it. */
function runningBadge(tab: TabId, loggedIn: boolean): TabBadgeSource<unknown> | undefined {
  const source = tabBadgeSource(tab);
  return source && (loggedIn || !source.requiresLogin) ? source : undefined;
}

function TabLink({ tab, badge, active }: { tab: TabDefinition; badge: TabBadgeSource<unknown> | undefined; active: boolean }) {
  return (
    <PlainLink className={active ? 'tab tab--active' : 'tab'} href={tab.to} current={active}>
      <span className="tab__icon">
        <Icon name={tab.icon} />
        {badge ? <TabBadge source={badge} /> : null}
      </span>
      <span className="tab__label">{tab.label}</span>
    </PlainLink>
  );
}

/**
 * How many of the bar's running badges render: none until the start is over (after-start.ts), then
 * the first, and each next one a task after the previous one's commit and effects. Mounted in one
 * commit, their queries' requests (each `fetch` call ~1–3 ms of the main thread) made those effects
 * one task of 8–9 ms at 1× on the signed-in pages, a long task on a slow phone (issue 22, decision
 * 0678); one badge per task, none is. A badge that starts running later (a login) joins the same way.
 */
function useBadgesOneByOne(running: number): number {
  const started = useAfterStart();
  const [more, setMore] = useState(0);
  const shown = started ? Math.min(running, 1 + more) : 0;
  useEffect(() => {
    if (shown === 0 || shown >= running) return;
    const timer = setTimeout(() => startTransition(() => setMore(shown)), 0);
    return () => clearTimeout(timer);
  }, [shown, running]);
  return shown;
}

/** The bottom tabs of spec §2. */
export function TabBar() {
  const router = useRouter();
  // One subscription for the bar, to the pathname only; its links are plain anchors (decision 0663).
  const pathname = useLocation({ select: (location) => location.pathname });
  const loggedIn = useLoggedIn();
  const tabs = visibleTabs(loggedIn, (path) => path in router.routesByPath);
  const sources = tabs.map((tab) => runningBadge(tab.id, loggedIn));
  const shown = useBadgesOneByOne(sources.filter((source) => source !== undefined).length);
  let order = 0;
  return (
    <nav className="tab-bar" aria-label={appMessages.mainNavigation}>
      <ul className="tab-bar__list">
        {tabs.map((tab, i) => {
          const source = sources[i];
          const badge = source && order++ < shown ? source : undefined;
          return (
            <li key={tab.id} className="tab-bar__item">
              <TabLink tab={tab} badge={badge} active={isCurrentPath(pathname, tab.to)} />
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
