import { describe, expect, it } from 'vitest';
import { messages } from './messages.js';
import { optionalText, requiredText } from './text.js';

describe('requiredText', () => {
  const name = requiredText(5);

  it('trims, and takes exactly max characters', () => {
    expect(name.parse('  abcde  ')).toBe('abcde');
  });

  it('refuses max + 1 with "Massimo {max} caratteri."', () => {
    expect(name.safeParse('abcdef').error?.issues[0]?.message).toBe('Massimo 5 caratteri.');
  });

  it('treats whitespace-only, empty and missing as missing', () => {
    for (const value of ['   ', '', '\t\n', undefined, null]) {
      expect(name.safeParse(value).error?.issues[0]?.message).toBe(messages.validation.required);
    }
  });

  it('has no maximum when none is given', () => {
    expect(requiredText().parse('x'.repeat(10_000))).toHaveLength(10_000);
  });
});

describe('optionalText', () => {
  const note = optionalText(3);

  it('gives undefined for missing, null, empty and whitespace-only', () => {
    for (const value of [undefined, null, '', '   ']) expect(note.parse(value)).toBeUndefined();
  });

  it('trims, takes max and refuses max + 1', () => {
    expect(note.parse(' abc ')).toBe('abc');
    expect(note.safeParse('abcd').error?.issues[0]?.message).toBe('Massimo 3 caratteri.');
  });

  it('refuses a non-string', () => {
    expect(note.safeParse(12).success).toBe(false);
  });
});
