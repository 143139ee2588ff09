import { describe, expect, it } from 'vitest';
import { addDays } from './calendar-day.js';
import { type OfferPriceState, priorPrice } from './prior-price.js';

const regular = (day: string, price_cents: number): OfferPriceState => ({
  day,
  price_cents,
  list_price_cents: null,
  promo: false,
  promo_start: null,
  promo_end: null,
  on_sale: true,
});
const promotion = (day: string, price_cents: number, list_price_cents: number, promo_start: string | null, promo_end: string | null): OfferPriceState => ({
  day,
  price_cents,
  list_price_cents,
  promo: true,
  promo_start,
  promo_end,
  on_sale: true,
});

describe('the prior price of a promotion (art. 17-bis Codice del Consumo, decision 0701)', () => {
  it('is the lowest price applied in the 30 days before the first day, not the one before it', () => {
    // 9.00 € until 30 October, 10.00 € from 31 October: on 1 December the 30 days are 1–30 November.
    const history = [regular('2026-09-01', 900), regular('2026-10-31', 1000)];
    expect(priorPrice(history, '2026-12-01')).toEqual({ cents: 1000, basis: 'lowest', from: '2026-11-01', to: '2026-11-30', campaignStart: '2026-12-01' });
    // One day earlier, 31 October (at 9.00 € until the change) is inside the window.
    expect(priorPrice(history, '2026-11-30').cents).toBe(900);
  });

  it('does not take a price raised 10 days before: the lower one is still in the window', () => {
    const history = [regular('2026-06-01', 1000), regular('2026-11-21', 1500)];
    expect(priorPrice(history, '2026-12-01').cents).toBe(1000);
  });

  it('counts a previous promotion inside the window, and a scheduled one applies without a write', () => {
    // Written on 1 October: on promotion at 7.00 € from 10 to 15 November, 10.00 € otherwise.
    const history = [regular('2026-06-01', 1000), promotion('2026-10-01', 700, 1000, '2026-11-10', '2026-11-15')];
    expect(priorPrice(history, '2026-12-01').cents).toBe(700);
    // Out of the window after 30 days.
    expect(priorPrice(history, '2026-12-16').cents).toBe(1000);
  });

  it('keeps the first reduction’s prior price through progressive reductions of one campaign', () => {
    const history = [
      regular('2026-06-01', 1000),
      regular('2026-10-20', 1200),
      promotion('2026-11-01', 900, 1000, '2026-11-01', '2026-11-20'),
      promotion('2026-11-10', 800, 1000, '2026-11-01', '2026-11-30'),
    ];
    // A deeper cut from 1 December follows the campaign back to 1 November: the 30 days before it.
    expect(priorPrice(history, '2026-12-01')).toEqual({ cents: 1000, basis: 'lowest', from: '2026-10-02', to: '2026-10-31', campaignStart: '2026-11-01' });
    // With a day between the two, it is a new campaign: the promotion's 8.00 € is the lowest.
    expect(priorPrice(history, '2026-12-02').cents).toBe(800);
  });

  it('has none for a product not sold before the promotion (new, or off sale the whole window)', () => {
    expect(priorPrice([], '2026-12-01')).toEqual({ cents: null, basis: 'never-sold', campaignStart: '2026-12-01' });
    expect(priorPrice([regular('2026-12-01', 1000)], '2026-12-01').cents).toBeNull();
    expect(priorPrice([{ ...regular('2026-06-01', 1000), on_sale: false }], '2026-12-01').cents).toBeNull();
    // Listed the day before: that one day is the period it has been on sale.
    expect(priorPrice([regular('2026-11-30', 1000)], '2026-12-01').cents).toBe(1000);
  });

  it('counts both prices of a day on which the price changed', () => {
    expect(priorPrice([regular('2026-06-01', 800), regular('2026-11-01', 1000)], '2026-12-01').cents).toBe(800);
  });

  it('keeps the recorded struck price of a campaign already running when the history began', () => {
    const history = [promotion('2026-11-29', 800, 1000, '2026-10-01', null)];
    expect(priorPrice(history, '2026-11-29')).toEqual({ cents: 1000, basis: 'recorded', campaignStart: '2026-11-29' });
    expect(priorPrice(history, '2026-12-05')).toMatchObject({ cents: 1000, basis: 'recorded' });
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
