import { runningPromotions, tabsMessages } from '@farmacia/contract';
import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import type { IconName } from '../components/ui/icons';
import { promotionsOptionQueryOptions } from '../lib/shop-api';

export type TabId = 'home' | 'cart' | 'reservations' | 'offers' | 'account';

/** A bottom tab (spec §2). It shows only once a route exists for `to`, so no tab leads nowhere. */
export interface TabDefinition {
  id: TabId;
  to: string;
  label: string;
  icon: IconName;
}

/** Spec §2 order: Home, Carrello, Prenotazioni, Offerte, then Account (logged in) or Accedi. */
const TABS: readonly TabDefinition[] = [
  { id: 'home', to: '/app/home', label: tabsMessages.home, icon: 'home' },
  { id: 'cart', to: '/app/cart', label: tabsMessages.cart, icon: 'cart' },
  { id: 'reservations', to: '/app/reservations', label: tabsMessages.reservations, icon: 'calendar' },
  { id: 'offers', to: '/app/promotions', label: tabsMessages.offers, icon: 'tag' },
];
const ACCOUNT_TAB: TabDefinition = { id: 'account', to: '/app/user', label: tabsMessages.account, icon: 'user' };
const LOGIN_TAB: TabDefinition = { id: 'account', to: '/auth/login', label: tabsMessages.login, icon: 'login' };

/** The tabs to show: those whose route exists, with Account or Accedi last. */
export function visibleTabs(loggedIn: boolean, routeExists: (path: string) => boolean): TabDefinition[] {
  return [...TABS, loggedIn ? ACCOUNT_TAB : LOGIN_TAB].filter((tab) => routeExists(tab.to));
}

/**
 * Where a tab's badge number comes from: a query (share its key with the feature's screen, e.g.
 * ['cart'], so both read one cache entry and one invalidation updates both) and how to count.
 */
type BadgeQuery<T> = { queryKey: QueryKey; queryFn?: QueryFunction<T, never> };

export interface TabBadgeSource<T> {
  /**
   * Query options (e.g. the feature's `cartQueryOptions`): at least the key and the function; for a
   * shop's data, a function of the shop shown (`shopKey`, decision 0544) that keys them with it.
   */
  query: BadgeQuery<T> | ((shop: string) => BadgeQuery<T>);
  count: (data: T) => number;
  /** The query needs a logged-in user (cart, reservations): not run for visitors. */
  requiresLogin: boolean;
}

const badgeSources = new Map<TabId, TabBadgeSource<unknown>>();

/** Features plug their badge in from their routes module, e.g. `registerTabBadge('cart', {...})`. */
export function registerTabBadge<T>(tab: TabId, source: TabBadgeSource<T>): void {
  badgeSources.set(tab, source as TabBadgeSource<unknown>);
}

export function tabBadgeSource(tab: TabId): TabBadgeSource<unknown> | undefined {
  return badgeSources.get(tab);
}

// Spec §2: the Offerte tab counts the entries of the shop's `promotions` option — those running
// today (decision 0530), as the Offerte screen lists them.
registerTabBadge('offers', {
  query: promotionsOptionQueryOptions,
  count: (promotions) => (Array.isArray(promotions) ? runningPromotions(promotions).length : 0),
  requiresLogin: false,
});
