import { describe, expect, it } from 'vitest';
import { tabBadgeSource, visibleTabs } from './tabs';

describe('visibleTabs', () => {
  const all = () => true;

  it('follows the spec order and ends with Account or Accedi', () => {
    expect(visibleTabs(true, all).map((t) => t.label)).toEqual(['Home', 'Carrello', 'Prenotazioni', 'Offerte', 'Account']);
    expect(visibleTabs(false, all).map((t) => t.label)).toEqual(['Home', 'Carrello', 'Prenotazioni', 'Offerte', 'Accedi']);
    expect(visibleTabs(false, all).at(-1)?.to).toBe('/auth/login');
  });

  it('shows only tabs whose screen exists', () => {
    const existing = new Set(['/app/home', '/app/user', '/auth/login']);
    expect(visibleTabs(true, (p) => existing.has(p)).map((t) => t.id)).toEqual(['home', 'account']);
  });
});

describe('Offerte badge', () => {
  it('counts the entries of the promotions option', () => {
    const source = tabBadgeSource('offers');
    expect(source?.query.queryKey).toEqual(['option', 'promotions']);
    expect(source?.count([{}, {}, {}])).toBe(3);
    expect(source?.count(null)).toBe(0);
    expect(source?.requiresLogin).toBe(false);
  });
});
