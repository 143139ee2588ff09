import { describe, expect, it } from 'vitest';
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
