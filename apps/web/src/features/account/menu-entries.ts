import { accountMenuMessages } from '@farmacia/contract';

export interface AccountMenuEntry {
  label: string;
  to: string;
}

/**
 * Spec §2 account menu, in order ('Esci' is a button, not an entry). An entry shows only once
 * the route of its screen exists (features add routes, the menu follows by itself), and
 * 'Carta Fedeltà' only when the user has a card (spec §2).
 */
export const ACCOUNT_MENU_ENTRIES: readonly AccountMenuEntry[] = [
  { label: accountMenuMessages.profile, to: '/app/profile' },
  { label: accountMenuMessages.fiscalCode, to: '/app/fiscalcodes' },
  { label: accountMenuMessages.orders, to: '/app/orders' },
  { label: accountMenuMessages.reservations, to: '/app/reservations' },
  { label: accountMenuMessages.loyaltyCard, to: '/app/fidelityCard' },
  { label: accountMenuMessages.addresses, to: '/app/addresses' },
  { label: accountMenuMessages.notifications, to: '/app/settings' },
  { label: accountMenuMessages.inviteFriend, to: '/app/referrer' },
  { label: accountMenuMessages.faq, to: '/app/faq' },
  { label: accountMenuMessages.privacyPolicy, to: '/app/privacy' },
  { label: accountMenuMessages.privacyConsents, to: '/app/privacycheck' },
  { label: accountMenuMessages.terms, to: '/app/tos' },
];

export const LOYALTY_CARD_PATH = '/app/fidelityCard';

export function visibleMenuEntries(
  routeExists: (path: string) => boolean,
  { hasLoyaltyCard = false }: { hasLoyaltyCard?: boolean } = {},
): AccountMenuEntry[] {
  return ACCOUNT_MENU_ENTRIES.filter((entry) => routeExists(entry.to) && (entry.to !== LOYALTY_CARD_PATH || hasLoyaltyCard));
}
