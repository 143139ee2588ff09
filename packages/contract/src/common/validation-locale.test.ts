import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setItalianValidationMessages } from './validation-locale.js';

describe('validation messages without a rule of their own', () => {
  it('are Italian once configured, while the rules keep their own wording', () => {
    setItalianValidationMessages();
    const schema = z.object({ quantity: z.number(), note: z.string().max(3, 'Nota troppo lunga') });
    const result = schema.safeParse({ quantity: 'due', note: 'abcdef' });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(byField.quantity).toMatch(/^Input non valido/);
    expect(byField.note).toBe('Nota troppo lunga');
  });
});
