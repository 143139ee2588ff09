import { describe, expect, it } from 'vitest';
import { ACCOUNT_MENU_ENTRIES, visibleMenuEntries } from './menu-entries';

describe('account menu entries (spec §2)', () => {
  const all = () => true;
  it('lists the spec entries in order', () => {
    expect(ACCOUNT_MENU_ENTRIES.map((e) => e.label)).toEqual([
      'Profilo',
      'Codice fiscale',
      'Ordini',
      'Prenotazioni',
      'Carta Fedeltà',
      'Indirizzi',
      'Notifiche',
      'Invita un Amico',
      'Domande Frequenti',
      'Informativa Privacy',
      'Gestisci consensi privacy',
      "Termini d'utilizzo",
    ]);
  });

  it('shows Carta Fedeltà only to a user who has a card', () => {
    expect(visibleMenuEntries(all).map((e) => e.label)).not.toContain('Carta Fedeltà');
    expect(visibleMenuEntries(all, { hasLoyaltyCard: true }).map((e) => e.label)).toContain('Carta Fedeltà');
  });

  it('hides entries whose screen does not exist', () => {
    expect(visibleMenuEntries((path) => path !== '/app/orders', { hasLoyaltyCard: true }).map((e) => e.to)).not.toContain('/app/orders');
  });
});
