import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setItalianValidationMessages } from './validation-locale.js';

/** The message zod gives for `input` against `schema`, at the first issue. */
function messageOf(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return result.error?.issues[0]?.message ?? '';
}

describe('validation messages without a rule of their own', () => {
  beforeAll(() => setItalianValidationMessages());

  it('are Italian, while the rules keep their own wording', () => {
    const schema = z.object({ quantity: z.number(), note: z.string().max(3, 'Nota troppo lunga') });
    const result = schema.safeParse({ quantity: 'due', note: 'abcdef' });
    const byField = Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(byField).toEqual({ quantity: 'Deve essere un numero.', note: 'Nota troppo lunga' });
  });

  it('say which type was expected', () => {
    expect(messageOf(z.number(), Number.NaN)).toBe('Deve essere un numero.');
    expect(messageOf(z.int(), 1.5)).toBe('Deve essere un numero intero.');
    expect(messageOf(z.number().int(), 1.5)).toBe('Deve essere un numero intero.');
    expect(messageOf(z.string(), 5)).toBe('Deve essere un testo.');
    expect(messageOf(z.boolean(), 'sì')).toBe('Deve essere sì o no.');
    expect(messageOf(z.array(z.string()), {})).toBe('Deve essere un elenco.');
    expect(messageOf(z.object({}), [])).toBe('Deve essere un insieme di campi.');
    expect(messageOf(z.object({ a: z.string() }), {})).toBe('Campo obbligatorio.');
  });

  it('give bounds in Italian numbers and hide the number type’s own limits', () => {
    expect(messageOf(z.int(), 2 ** 60)).toBe('Il numero è troppo grande.');
    expect(messageOf(z.number().max(10000), 10001)).toBe('Deve essere al massimo 10.000.');
    expect(messageOf(z.number().lt(0.5), 1)).toBe('Deve essere minore di 0,5.');
    expect(messageOf(z.number().min(1), 0)).toBe('Deve essere almeno 1.');
    expect(messageOf(z.number().positive(), 0)).toBe('Deve essere maggiore di 0.');
    expect(messageOf(z.string().max(5), 'abcdefg')).toBe('Massimo 5 caratteri.');
    expect(messageOf(z.string().min(3), 'ab')).toBe('Minimo 3 caratteri.');
    expect(messageOf(z.string().min(1), '')).toBe('Campo obbligatorio.');
    expect(messageOf(z.array(z.number()).max(2), [1, 2, 3])).toBe('Massimo 2 elementi.');
    expect(messageOf(z.number().multipleOf(5), 7)).toBe('Deve essere un multiplo di 5.');
  });

  it('never repeat what the request sent', () => {
    const key = '<script>alert(1)</script>';
    const message = messageOf(z.object({}).strict(), { [key]: 1 });
    expect(message).toBe('Campo non previsto.');
    expect(messageOf(z.enum(['a', 'b']), key)).toBe('Valore non valido.');
    expect(messageOf(z.string().regex(/^x+$/), key)).toBe('Valore non valido.');
    expect(messageOf(z.email(), key)).toBe('Email non valida.');
  });
});
