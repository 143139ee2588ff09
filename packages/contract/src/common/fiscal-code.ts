import { z } from 'zod';
import { fiscalCodeProblem } from './fiscal-code-rules.js';
import { messages } from './messages.js';

export * from './fiscal-code-rules.js';

/**
 * A fiscal code field: trimmed, uppercased, required, 16 characters, the pattern, a real birth
 * date, the control character — each failure with its Italian message. Output is the normalized code.
 */
export const FiscalCodeSchema = z
  .string({ error: messages.validation.required })
  .trim()
  .toUpperCase()
  .superRefine((code, ctx) => {
    const problem = fiscalCodeProblem(code);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ description: 'Codice fiscale (16 caratteri, maiuscolo, carattere di controllo verificato).', example: 'RSSMRA85T10A562S' });
