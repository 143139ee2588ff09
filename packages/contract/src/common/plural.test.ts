import { describe, expect, it, vi } from 'vitest';
import { countMessages, countText } from './plural.js';
import { fillMessage, messages } from './messages.js';

describe('countText: Italian plural forms by count', () => {
  it('uses the singular for exactly 1 and the plural otherwise', () => {
    expect(countText(countMessages.products, 1)).toBe('1 prodotto');
    expect(countText(countMessages.products, 2)).toBe('2 prodotti');
    expect(countText(countMessages.products, 0)).toBe('0 prodotti');
    expect(countText(countMessages.items, 1)).toBe('1 articolo');
    expect(countText(countMessages.prescriptions, 1)).toBe('1 ricetta');
    expect(countText(countMessages.requests, 1)).toBe('1 richiesta');
    expect(countText(countMessages.rows, 1)).toBe('1 riga');
    expect(countText(countMessages.reservations, 3)).toBe('3 prenotazioni');
  });

  it('formats the count the Italian way and fills other placeholders', () => {
    expect(countText(countMessages.rows, 12345)).toBe('12.345 righe');
    expect(countText({ one: '{count} voce di {who}', other: '{count} voci di {who}' }, 1, { who: 'Anna' })).toBe('1 voce di Anna');
  });

  it('gives the checkout and the rate limit their singular', () => {
    expect(countText(messages.checkout.itemsCount, 1)).toBe('1 articolo');
    expect(fillMessage(messages.auth.tooManyAttempts, { minutes: countText(countMessages.minutes, 1) })).toBe(
      'Troppi tentativi. Riprova tra 1 minuto.',
    );
  });
});

describe('countText without Intl at load (issue 22)', () => {
  const forms = { one: 'one {count}', other: 'other {count}' };

  it('picks the form and writes the count exactly as Intl does for it-IT', () => {
    const plural = new Intl.PluralRules('it-IT');
    const number = new Intl.NumberFormat('it-IT');
    const counts = [0, -0, 1, -1, 2, 1.5, 0.5, -1.25, 1.0001, 999, 1000, 9999, 10000, 12345, -12345, 1e6, 1234567, 2 ** 53 + 2, Number.NaN];
    for (let n = -50; n <= 50; n++) counts.push(n, n * 997, n / 4);
    for (const count of counts) {
      const form = plural.select(count) === 'one' ? 'one' : 'other';
      expect(countText(forms, count), String(count)).toBe(`${form} ${number.format(count)}`);
    }
  });

  it('creates no Intl formatter when loaded nor for whole counts (the first one loads ICU data on a phone)', async () => {
    vi.resetModules();
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    const pluralRules = vi.spyOn(Intl, 'PluralRules');
    try {
      const fresh = await import('./plural.js');
      expect(fresh.countText(fresh.countMessages.products, 12345)).toBe('12.345 prodotti');
      expect(fresh.countText(fresh.countMessages.products, 1)).toBe('1 prodotto');
      expect(numberFormat).not.toHaveBeenCalled();
      expect(pluralRules).not.toHaveBeenCalled();
    } finally {
      numberFormat.mockRestore();
      pluralRules.mockRestore();
    }
  });
});
