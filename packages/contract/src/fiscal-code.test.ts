import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors } from './common/api.js';
import { messages } from './common/messages.js';
import { FiscalCodeBodySchema, FiscalCodeEntitySchema, FiscalCodeListResponseSchema } from './fiscal-code.js';

describe('fiscal code bodies and responses', () => {
  it('uppercases the body and checks the control character', () => {
    expect(FiscalCodeBodySchema.parse({ codice_fiscale: ' rssmra85t10a562s ' })).toEqual({ codice_fiscale: 'RSSMRA85T10A562S' });
    const result = FiscalCodeBodySchema.safeParse({ codice_fiscale: 'RSSMRA85T10A562X' });
    expect(result.success ? undefined : fieldErrors(result.error)).toEqual({ codice_fiscale: [messages.fiscalCode.controlChar] });
  });

  it('requires the code', () => {
    const result = FiscalCodeBodySchema.safeParse({});
    expect(result.success ? undefined : fieldErrors(result.error)).toEqual({ codice_fiscale: [messages.validation.required] });
  });

  it('reads the list under data, and encodes entities as they are', () => {
    const row = { id: 1, codice_fiscale: 'RSSMRA85T10A562S', main: true, system: true };
    expect(FiscalCodeListResponseSchema.parse({ data: [row] })).toEqual({ data: [row] });
    expect(z.encode(FiscalCodeEntitySchema, row)).toEqual(row);
    expect(FiscalCodeListResponseSchema.safeParse([row]).success).toBe(false);
  });
});
