import { promotionDay } from '@farmacia/contract';
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
  it("counts the entries of the promotions option of the shop shown, keyed with that shop (decision 0544)", () => {
    const source = tabBadgeSource('offers');
    const query = typeof source?.query === 'function' ? source.query('2') : source?.query;
    expect(query?.queryKey).toEqual(['option', 'promotions', '2']);
    expect(source?.count([{}, {}, {}])).toBe(3);
    expect(source?.count(null)).toBe(0);
    expect(source?.requiresLogin).toBe(false);
  });

  it('counts only the promotions running today (decision 0530)', () => {
    const today = promotionDay();
    const day = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const entries = [
      { valid_from: day(-2), valid_to: day(2) },
      { valid_from: today, valid_to: today },
      { valid_from: '', valid_to: '' },
      { valid_from: day(1), valid_to: day(9) },
      { valid_from: day(-9), valid_to: day(-1) },
    ];
    expect(tabBadgeSource('offers')?.count(entries)).toBe(3);
  });
});
