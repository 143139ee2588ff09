import { appMessages } from '@farmacia/contract';
import { type QueryFunction, useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { Icon } from '../components/ui/icons';
import { useShopKey } from '../lib/current-shop';
import { useLoggedIn } from '../lib/session';
import { useAfterStart } from './after-start';
import { type TabDefinition, type TabId, tabBadgeSource, visibleTabs } from './tabs';

const NO_BADGE_KEY = ['tab-badge', 'none'];

function TabBadge({ tab, loggedIn }: { tab: TabId; loggedIn: boolean }) {
  const source = tabBadgeSource(tab);
  const shop = useShopKey();
  const query = typeof source?.query === 'function' ? source.query(shop) : source?.query;
  const { data } = useQuery({
    queryKey: query?.queryKey ?? NO_BADGE_KEY,
    queryFn: (query?.queryFn as QueryFunction<unknown> | undefined) ?? (() => null),
    enabled: source !== undefined && (loggedIn || !source.requiresLogin),
    // A badge is a hint: a missing endpoint (404) or a failure shows no number, never an error.
    retry: false,
    select: (value: unknown) => (source && value !== null && value !== undefined ? source.count(value) : 0),
  });
  if (!data) return null;
  return <span className="tab__badge">{data > 99 ? '99+' : data}</span>;
}

function TabLink({ tab, loggedIn, badge }: { tab: TabDefinition; loggedIn: boolean; badge: boolean }) {
  return (
    <Link
      to={tab.to as '/'}
      className="tab"
      activeProps={{ className: 'tab tab--active' }}
      activeOptions={{ includeSearch: false }}
    >
      <span className="tab__icon">
        <Icon name={tab.icon} />
        {badge ? <TabBadge tab={tab.id} loggedIn={loggedIn} /> : null}
      </span>
      <span className="tab__label">{tab.label}</span>
    </Link>
  );
}

/** The bottom tabs of spec §2. */
export function TabBar() {
  const router = useRouter();
  const loggedIn = useLoggedIn();
  // The badges (their queries and requests) come a task after the first screen's effects (after-start.ts).
  const badges = useAfterStart();
  const tabs = visibleTabs(loggedIn, (path) => path in router.routesByPath);
  return (
    <nav className="tab-bar" aria-label={appMessages.mainNavigation}>
      <ul className="tab-bar__list">
        {tabs.map((tab) => (
          <li key={tab.id} className="tab-bar__item">
            <TabLink tab={tab} loggedIn={loggedIn} badge={badges} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
