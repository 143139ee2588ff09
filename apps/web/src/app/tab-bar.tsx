import { appMessages } from '@farmacia/contract';
import { type QueryFunction, useQuery } from '@tanstack/react-query';
import { useLocation, useRouter } from '@tanstack/react-router';
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

function TabLink({ tab, loggedIn, badge, active }: { tab: TabDefinition; loggedIn: boolean; badge: boolean; active: boolean }) {
  const source = badge ? runningBadge(tab.id, loggedIn) : undefined;
  return (
    <PlainLink className={active ? 'tab tab--active' : 'tab'} href={tab.to} current={active}>
      <span className="tab__icon">
        <Icon name={tab.icon} />
        {source ? <TabBadge source={source} /> : null}
      </span>
      <span className="tab__label">{tab.label}</span>
    </PlainLink>
  );
}

/** The bottom tabs of spec §2. */
export function TabBar() {
  const router = useRouter();
  // One subscription for the bar, to the pathname only; its links are plain anchors (decision 0663).
  const pathname = useLocation({ select: (location) => location.pathname });
  const loggedIn = useLoggedIn();
  // The badges (their queries and requests) come a task after the first screen's effects (after-start.ts).
  const badges = useAfterStart();
  const tabs = visibleTabs(loggedIn, (path) => path in router.routesByPath);
  return (
    <nav className="tab-bar" aria-label={appMessages.mainNavigation}>
      <ul className="tab-bar__list">
        {tabs.map((tab) => (
          <li key={tab.id} className="tab-bar__item">
            <TabLink tab={tab} loggedIn={loggedIn} badge={badges} active={isCurrentPath(pathname, tab.to)} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
