import type { Address } from './address.js';

/**
 * The address book's rules that need no schema (issue 22, decision 0579): kept apart from
 * address.ts (zod schemas built at module load) so the checkout does not evaluate zod on a phone's
 * start. address.ts re-exports them: the contract's API is unchanged.
 */

/** What the address book shows (spec §2): user addresses only, the default one first. */
export function addressBookEntries(addresses: readonly Address[]): Address[] {
  return addresses.filter((a) => !a.system).sort((a, b) => Number(b.default) - Number(a.default));
}

/** Pickup points offered at checkout for the pickupPoint delivery type. */
export function pickupPoints(addresses: readonly Address[]): Address[] {
  return addresses.filter((a) => a.system);
}
