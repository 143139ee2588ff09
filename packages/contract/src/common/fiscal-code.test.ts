import { describe, expect, it } from 'vitest';
import {
  FiscalCodeSchema,
  fiscalCodeBirthDate,
  fiscalCodeControlChar,
  fiscalCodeProblem,
  isValidFiscalCode,
  normalizeFiscalCode,
} from './fiscal-code.js';
import { messages } from './messages.js';

const messageOf = (value: unknown) => {
  const result = FiscalCodeSchema.safeParse(value);
  return result.success ? undefined : result.error.issues.map((i) => i.message);
};

describe('fiscal code control character', () => {
  // Worked by hand with the official odd/even tables (sum mod 26):
  // RSSMRA85T10A562: odd 8+12+8+19+14+1+13+5 = 80, even 18+12+0+5+1+0+6 = 42, 122 mod 26 = 18 → S.
  it('computes the known example RSSMRA85T10A562S', () => {
    expect(fiscalCodeControlChar('RSSMRA85T10A562')).toBe('S');
  });
  // BNCGLI90A41H501: odd 0+5+4+21+1+0+13+0 = 44, even 13+6+8+0+4+7+0 = 38, 82 mod 26 = 4 → E.
  it('computes a female code (day + 40) BNCGLI90A41H501E', () => {
    expect(fiscalCodeControlChar('BNCGLI90A41H501')).toBe('E');
  });
  // Omocodic: the '2' in position 15 (odd) becomes N: 80 − 5 + 20 = 95, + 42 = 137 mod 26 = 7 → H.
  it('computes omocodic variants on their letters', () => {
    expect(fiscalCodeControlChar('RSSMRA85T10A56N')).toBe('H');
    // and the 6 in position 14 (even) becomes S: even 42 − 6 + 18 = 54, 95 + 54 = 149 mod 26 = 19 → T.
    expect(fiscalCodeControlChar('RSSMRA85T10A5SN')).toBe('T');
    // every digit place replaced: odd 90, even 77, 167 mod 26 = 11 → L.
    expect(fiscalCodeControlChar('RSSMRAURTMLARSN')).toBe('L');
  });
});

describe('FiscalCodeSchema', () => {
  it.each([
    'RSSMRA85T10A562S',
    'BNCGLI90A41H501E',
    'RSSMRA85T10A56NH',
    'RSSMRA85T10A5SNT',
    'RSSMRAURTMLARSNL',
    'VRDGPP13A01F20RC',
  ])('accepts the valid code %s', (code) => {
    expect(FiscalCodeSchema.parse(code)).toBe(code);
    expect(isValidFiscalCode(code)).toBe(true);
  });

  it('uppercases and trims the input', () => {
    expect(FiscalCodeSchema.parse('  rssmra85t10a562s ')).toBe('RSSMRA85T10A562S');
    expect(normalizeFiscalCode(' rssmra85t10a56nh')).toBe('RSSMRA85T10A56NH');
  });

  it('refuses 15 and 17 characters with the length message, accepts 16', () => {
    expect(messageOf('RSSMRA85T10A562')).toEqual([messages.fiscalCode.length]);
    expect(messageOf('RSSMRA85T10A562SX')).toEqual([messages.fiscalCode.length]);
    expect(messageOf('RSSMRA85T10A562S')).toBeUndefined();
  });

  it('refuses a wrong control character with its message', () => {
    expect(messageOf('RSSMRA85T10A562T')).toEqual(['Il carattere di controllo del codice fiscale non è corretto.']);
    expect(fiscalCodeProblem('RSSMRA85T10A56NS')).toBe(messages.fiscalCode.controlChar);
  });

  it('refuses the wrong shape: digits for letters, a month letter that does not exist, symbols', () => {
    expect(messageOf('1SSMRA85T10A562S')).toEqual([messages.fiscalCode.pattern]);
    expect(messageOf('RSSMRA85Z10A562S')).toEqual([messages.fiscalCode.pattern]); // Z is no month
    expect(messageOf('RSSMRA85T10A56WS')).toEqual([messages.fiscalCode.pattern]); // W is not omocodic
    expect(messageOf('RSSMRA85T10A56-S')).toEqual([messages.fiscalCode.pattern]);
  });

  it('requires a value: missing, empty and whitespace-only', () => {
    expect(messageOf(undefined)).toEqual([messages.validation.required]);
    expect(messageOf('')).toEqual(['Campo obbligatorio.']);
    expect(messageOf('    ')).toEqual(['Campo obbligatorio.']);
    expect(messageOf(12)).toEqual(['Campo obbligatorio.']);
  });
});

describe('fiscalCodeBirthDate', () => {
  const today = new Date(Date.UTC(2026, 10, 27));
  it('resolves the century so that the year is not after today (decision 0425)', () => {
    expect(fiscalCodeBirthDate('RSSMRA85T10A562S', today)).toEqual({ year: 1985, month: 12, day: 10 });
    expect(fiscalCodeBirthDate('BNCGLI26A41H501E', today)).toEqual({ year: 2026, month: 1, day: 1 });
    expect(fiscalCodeBirthDate('BNCGLI27A41H501E', today)).toEqual({ year: 1927, month: 1, day: 1 });
  });

  it('reads omocodic digits and the female day (+ 40)', () => {
    expect(fiscalCodeBirthDate('RSSMRAURTMLARSNL', today)).toEqual({ year: 1985, month: 12, day: 10 });
    expect(fiscalCodeBirthDate('BNCLRA00B69F205X', today)).toEqual({ year: 2000, month: 2, day: 29 });
  });

  it('has no date for day 00, 32–40, 72+, 30 February, 31 April, 29 February of a common year', () => {
    for (const code of ['BNCLRA90A00F205X', 'BNCLRA90A32F205X', 'BNCLRA90A40F205X', 'BNCLRA90A72F205X', 'BNCLRA90B30F205X', 'BNCLRA90D31F205X', 'BNCLRA05B29F205X']) {
      expect(fiscalCodeBirthDate(code, today), code).toBeUndefined();
    }
  });

  it('answers the birth-date message before the control character', () => {
    expect(fiscalCodeProblem('BNCLRA90B30F205X')).toBe(messages.fiscalCode.birthDate);
  });
});
