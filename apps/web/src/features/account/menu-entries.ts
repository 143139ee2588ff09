import { messages } from '@farmacia/contract';

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
  { label: messages.accountMenu.profile, to: '/app/profile' },
  { label: messages.accountMenu.fiscalCode, to: '/app/fiscalcodes' },
  { label: messages.accountMenu.orders, to: '/app/orders' },
  { label: messages.accountMenu.reservations, to: '/app/reservations' },
  { label: messages.accountMenu.loyaltyCard, to: '/app/fidelityCard' },
  { label: messages.accountMenu.addresses, to: '/app/addresses' },
  { label: messages.accountMenu.notifications, to: '/app/settings' },
  { label: messages.accountMenu.inviteFriend, to: '/app/referrer' },
  { label: messages.accountMenu.faq, to: '/app/faq' },
  { label: messages.accountMenu.privacyPolicy, to: '/app/privacy' },
  { label: messages.accountMenu.privacyConsents, to: '/app/privacycheck' },
  { label: messages.accountMenu.terms, to: '/app/tos' },
];

export const LOYALTY_CARD_PATH = '/app/fidelityCard';

export function visibleMenuEntries(
  routeExists: (path: string) => boolean,
  { hasLoyaltyCard = false }: { hasLoyaltyCard?: boolean } = {},
): AccountMenuEntry[] {
  return ACCOUNT_MENU_ENTRIES.filter((entry) => routeExists(entry.to) && (entry.to !== LOYALTY_CARD_PATH || hasLoyaltyCard));
}
