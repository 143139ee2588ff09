import { describe, expect, it } from 'vitest';
import { PAYMENT_TYPE_LABELS, messages } from '@farmacia/contract';
import { addDays, contactLine, formatDateTime, formatDay, formatEuro, labelOf } from './format';

// Intl separates the euro sign with a no-break space.
const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('back office formats (it-IT)', () => {
  it('writes a customer as name · email, and · phone only when there is one', () => {
    expect(contactLine({ name: 'Maria Rossi', email: 'maria@example.it', phone_number: '3331112233' })).toBe('Maria Rossi · maria@example.it · 3331112233');
    expect(contactLine({ name: 'Maria Rossi', email: 'maria@example.it', phone_number: null })).toBe('Maria Rossi · maria@example.it');
  });

  it('writes euro amounts the Italian way, thousands with a dot and two decimals', () => {
    expect(nbsp(formatEuro(12345.5))).toBe('12.345,50 €');
    expect(nbsp(formatEuro(4.9))).toBe('4,90 €');
    expect(nbsp(formatEuro(0))).toBe('0,00 €');
  });

  it('shows a timestamp in Rome time, summer and winter', () => {
    expect(formatDateTime('2026-07-01T22:30:00.000Z')).toBe('02/07/26, 00:30');
    expect(formatDateTime('2026-01-15T08:05:00.000Z')).toBe('15/01/26, 09:05');
  });

  it('writes a calendar day in full, whatever the time zone of the machine', () => {
    expect(formatDay('2026-03-07')).toBe('sabato 7 marzo 2026');
    expect(formatDay('2026-12-31')).toBe('giovedì 31 dicembre 2026');
  });

  it('adds days across months, years, leap days and backwards', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-05-10', 0)).toBe('2026-05-10');
  });
});

describe('labelOf: stored codes by their Italian name', () => {
  it('names payment types, delivery types and actors as the contract does', () => {
    expect(labelOf(PAYMENT_TYPE_LABELS, 'payInShop')).toBe('Pagamento in farmacia');
    expect(labelOf(messages.backofficeLabels.deliveryTypes, 'address')).toBe('Consegna a domicilio');
    expect(labelOf(messages.backofficeLabels.actorRoles, 'customer')).toBe('cliente');
  });

  it('never passes an unknown code off as a word', () => {
    expect(labelOf(PAYMENT_TYPE_LABELS, 'satispay')).toBe('altro (satispay)');
  });
});
